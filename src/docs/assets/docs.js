// Starts Swagger UI on the served OpenAPI document. A separate file, not an inline script, so the
// page's CSP can forbid inline scripts.

// Swagger UI finds a parameter's state by merging every parameter of the operation with its state,
// then picking one (the spec selector parameterWithMetaByIdentity), for each parameter row on every
// render: quadratic in the parameters. searchProducts and listProducts take 287 (a range pair per
// spec), and Execute on either kept the page busy 25 s. This selector picks the parameter first and
// merges only it: the same value, in linear time.
const oneParameterAtATime = (system) => ({
  statePlugins: {
    spec: {
      wrapSelectors: {
        parameterWithMetaByIdentity: () => (state, pathMethod, param) => {
          const { OrderedMap } = system.Im;
          const [path, method] = pathMethod;
          const declared = system.specSelectors
            .specJsonWithResolvedSubtrees()
            .getIn(['paths', path, method, 'parameters'], OrderedMap())
            .find((p) => p.get('in') === param.get('in') && p.get('name') === param.get('name'));
          if (!declared) return OrderedMap();
          const meta = state.getIn(['meta', 'paths', ...pathMethod, 'parameters'], OrderedMap());
          const key = `${param.get('in')}.${param.get('name')}`;
          return OrderedMap().merge(declared, meta.get(key), meta.get(`${key}.hash-${param.hashCode()}`));
        },
      },
    },
  },
});

window.ui = SwaggerUIBundle({
  plugins: [oneParameterAtATime],
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
