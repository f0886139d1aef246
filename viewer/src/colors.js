// Colours shared by the renderers: bodies cycle through a palette kept clear of the contact-state
// colours (grey open, green stick, red slip+, orange slip−) and of the force arrows.
export const BODY_PALETTE = ['#4e79a7', '#b07aa1', '#9c755f', '#76b7b2', '#edc948', '#bab0ac', '#a0cbe8', '#d4a6c8'];
export const STATE_COLORS = ['#9e9e9e', '#2ca02c', '#d62728', '#ff7f0e'];
export const FORCE_COLORS = { normal: '#1f3b9c', friction: '#c2185b' };

// Body k (0 is the ground, never drawn with a shape of its own).
export function bodyColor(k) { return BODY_PALETTE[(k + BODY_PALETTE.length - 1) % BODY_PALETTE.length]; }

export function hexToRgb(hex) {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
