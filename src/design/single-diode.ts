// Moved to catalog/ so that design and interchange (PVsyst files) share one model.
export * from '../catalog/single-diode';
