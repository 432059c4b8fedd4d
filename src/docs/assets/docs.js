// Starts Swagger UI on the served OpenAPI document. A separate file, not an inline script, so the
// page's CSP can forbid inline scripts.
window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#ui',
  deepLinking: true,
  // Try it out is open on every operation: the point of the page is to call the API with a key.
  tryItOutEnabled: true,
  persistAuthorization: false,
  displayRequestDuration: true,
  // The default validator badge loads an image from swagger.io; nothing leaves this origin.
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
});
