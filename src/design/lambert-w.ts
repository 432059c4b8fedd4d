// Moved to catalog/ with the single-diode model that uses it.
export * from '../catalog/lambert-w';
