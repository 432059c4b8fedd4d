/** `as_of`: a revision number, or an RFC 3339 time (getProduct, getProducts). */
export const AS_OF_PATTERN =
  '^([1-9][0-9]{0,6}|[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2}))$';
