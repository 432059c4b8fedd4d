// Moved to catalog/ so that the index projection (its design-point grid) and the operation share one model.
export * from '../catalog/hplib-model';
