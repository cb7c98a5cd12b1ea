/**
 * How much longer `run(size)` takes at four times the size, the best of three runs at each (after one to warm up):
 * about 4 for work linear in the size, 16 for quadratic. Tests of hostile input assert this growth rather than a
 * duration, which a busy machine stretches: an absolute bound of 2 s failed at 2.3 s under load while the quadratic
 * code it guards against took 15 s at that size.
 *
 * A pause of the machine during the small runs alone still inflated one measure past 9 in CI (a linear reader). So
 * the measure is taken up to three times, and the smallest answered: a pause lands on one measure at random, while
 * quadratic work grows sixteenfold in every one of them.
 */
export function growthFourfold(run: (size: number) => void, size: number): number {
  const best = (n: number) => {
    let fastest = Infinity;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      run(n);
      fastest = Math.min(fastest, performance.now() - started);
    }
    return fastest;
  };
  run(size);
  let smallest = Infinity;
  for (let attempt = 0; attempt < 3 && smallest >= 6; attempt++)
    smallest = Math.min(smallest, best(size * 4) / best(size));
  return smallest;
}
