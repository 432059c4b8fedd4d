// The operations of the tag `accounts`: registration and the login that key management needs.
import type { PathsObject } from '../openapi.types';
import { BEARER_HEADERS, json, jsonBody, problem, RETRY_AFTER } from './responses';

export const ACCOUNT_PATHS: PathsObject = {
  '/api/v1/auth/register': {
    post: {
      operationId: 'register',
      summary: 'Create an account',
      tags: ['accounts'],
      security: [],
      'x-scope': 'public',
      description:
        'Emails are trimmed and lower-cased. Passwords need 12+ characters, at least 3 different ones (ignoring case), must not be a common password and must not contain the part of the email before the @ (when it has 4+ characters). An email already registered answers 409 (we chose clarity for legitimate users; registration is rate limited per client network: an IPv4 /24, an IPv6 /64).',
      requestBody: jsonBody('Credentials'),
      responses: {
        201: {
          ...json('The account.', 'Account'),
          headers: { 'X-Request-Id': BEARER_HEADERS['X-Request-Id'] },
        },
        400: problem('Invalid email, weak password, unknown fields, malformed JSON.'),
        409: problem('Email already registered.'),
        413: problem('Body too large.'),
        415: problem('Body is not application/json.'),
        429: problem('Too many registrations from this network: an IPv4 /24 or an IPv6 /64.'),
        503: problem('A dependency is unavailable.'),
      },
    },
  },
  '/api/v1/auth/login': {
    post: {
      operationId: 'login',
      summary: 'Exchange email and password for a short-lived login token (for key management)',
      tags: ['accounts'],
      security: [],
      'x-scope': 'public',
      requestBody: jsonBody('Credentials'),
      responses: {
        200: json('A login token (JWT, HS256).', 'LoginToken'),
        400: problem('Malformed body.'),
        401: problem('Wrong email or password (the same answer either way).'),
        413: problem('Body too large.'),
        415: problem('Body is not application/json.'),
        429: {
          ...problem(
            'Too many failed logins for this email from this address, or from this address (IPv6: its /64); a successful login counts nothing.',
          ),
          headers: RETRY_AFTER,
        },
        503: problem('A dependency is unavailable.'),
      },
    },
  },
};
