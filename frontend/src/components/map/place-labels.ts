/**
 * A place name as an image (a dot and the name with a white halo), drawn on a canvas with the
 * system font: MapLibre's text needs glyph files, which the app does not ship.
 */
export type LabelImage = { width: number; height: number; data: Uint8ClampedArray };

export function drawPlaceLabel(name: string, rank: number, pixelRatio = 1): LabelImage | null {
  const size = [0, 15, 13.5, 12.5, 12][rank] ?? 12;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const font = `${rank <= 2 ? '600' : '500'} ${size * pixelRatio}px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
  ctx.font = font;
  const dot = 4 * pixelRatio;
  const pad = 3 * pixelRatio;
  const textWidth = Math.ceil(ctx.measureText(name).width);
  canvas.width = Math.max(1, dot * 2 + pad * 3 + textWidth);
  canvas.height = Math.ceil(size * pixelRatio * 1.5);
  // Resizing the canvas resets its state.
  ctx.font = font;
  ctx.textBaseline = 'middle';
  const mid = canvas.height / 2;
  ctx.fillStyle = '#4a4f57';
  ctx.beginPath();
  ctx.arc(pad + dot, mid, dot * (rank <= 2 ? 0.9 : 0.7), 0, Math.PI * 2);
  ctx.fill();
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3 * pixelRatio;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  const x = pad * 2 + dot * 2;
  ctx.strokeText(name, x, mid);
  ctx.fillStyle = rank <= 2 ? '#1d2430' : '#3b414a';
  ctx.fillText(name, x, mid);
  const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return { width: img.width, height: img.height, data: img.data };
}
