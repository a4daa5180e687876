// A seeded random number generator (mulberry32) for the generators: the
// same seed gives the same cases on every run and node version.
export function seeded(seed) {
  return n => {
    let t = (seed = (seed + 0x6D2B79F5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}
