// CPython's random.Random, as far as the dice engine uses it: the Mersenne Twister
// MT19937 (Modules/_randommodule.c), seed(int) (init_by_array over the 32-bit words of
// abs(seed)), getrandbits, _randbelow (with getrandbits), randrange and randint. The
// same seed gives the same dice as the reference's SeededDice (reference/dice/source.py).

const N = 624;
const M = 397;

/** The 32-bit words of abs(seed), least significant first ([0] for 0), as CPython's seed(int). */
function words(seed) {
  let n = BigInt(seed);
  if (n < 0n) n = -n;
  const key = [];
  do {
    key.push(Number(n & 0xffffffffn));
    n >>= 32n;
  } while (n > 0n);
  return key;
}

export class PythonRandom {
  /** A generator seeded like random.Random(seed) with an integer seed (number, bigint or digits). */
  constructor(seed) {
    this.mt = new Uint32Array(N);
    this.index = N;
    this.seed(seed);
  }

  initGenrand(s) {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i += 1) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  }

  /** init_by_array(key) of the reference MT19937. */
  seed(seed) {
    const key = words(seed);
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k; k -= 1) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i += 1;
      j += 1;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k; k -= 1) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i += 1;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    this.index = N;
  }

  /** genrand_uint32: the next 32 random bits. */
  next32() {
    const mt = this.mt;
    if (this.index >= N) {
      for (let kk = 0; kk < N; kk += 1) {
        const y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % N] & 0x7fffffff);
        mt[kk] = mt[(kk + M) % N] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index];
    this.index += 1;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** getrandbits(k) for 0 <= k <= 32 (the dice never need more). */
  getrandbits(k) {
    if (!Number.isInteger(k) || k < 0 || k > 32) throw new RangeError(`getrandbits(${k}): 0 to 32 bits`);
    return k === 0 ? 0 : this.next32() >>> (32 - k);
  }

  /** _randbelow_with_getrandbits(n): a number in [0, n), drawn by rejection. */
  randbelow(n) {
    const k = n.toString(2).length;
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** randrange(start, stop): start + _randbelow(stop - start). */
  randrange(start, stop) {
    if (stop - start <= 0) throw new RangeError(`empty range in randrange(${start}, ${stop})`);
    return start + this.randbelow(stop - start);
  }

  /** randint(a, b): randrange(a, b + 1). */
  randint(a, b) {
    return this.randrange(a, b + 1);
  }

  /** choice(seq): seq[_randbelow(len(seq))]. */
  choice(seq) {
    return seq[this.randbelow(seq.length)];
  }
}
