// Numbers as the page shows them.

// Six significant digits, trailing zeros dropped; exponent form outside 1e-3 .. 1e6.
export function formatNumber(x) {
  if (x === null || x === undefined) return 'n/a';
  if (x === 0) return '0';
  const a = Math.abs(x);
  return a >= 1e-3 && a < 1e6 ? x.toPrecision(6).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : x.toExponential(4);
}

// A round force with its unit (N, kN, MN, mN).
export function formatForce(f) {
  if (f >= 1e6) return `${f / 1e6} MN`;
  if (f >= 1e3) return `${f / 1e3} kN`;
  if (f >= 1) return `${f} N`;
  return `${+(f * 1e3).toPrecision(6)} mN`;
}
