// Said with every answer that carries product values.
export const NOTICE =
  'Values are evidence with provenance, not installation approval. Verify against manufacturer documentation and the electrical codes that apply.';
