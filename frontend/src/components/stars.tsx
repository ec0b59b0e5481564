/** Five stars with halves (spec 000 section 9); the number is read out, the glyphs are decoration. */
export function Stars({ value, size = 14 }: { value: number; size?: number }) {
  const v = Math.max(0, Math.min(5, value));
  return (
    <span className="stars" role="img" aria-label={`${v.toFixed(1)} out of 5 stars`} style={{ fontSize: size }}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, v - i));
        const pct = fill >= 0.75 ? 100 : fill >= 0.25 ? 50 : 0;
        return (
          <span key={i} className="star" aria-hidden="true">
            <span className="star__fill" style={{ width: `${pct}%` }}>★</span>★
          </span>
        );
      })}
    </span>
  );
}
