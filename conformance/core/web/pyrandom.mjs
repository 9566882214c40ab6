// Python's random.Random, as far as the reference engines use it (a port of CPython's
// Modules/_randommodule.c and Lib/random.py): MT19937, seed(int) by init_by_array,
// getrandbits, _randbelow, randrange, randint, choice and shuffle. The same seed gives the
// JavaScript ports of the engines (games/<game>/web/) the same deal, dice and computer
// players' choices as the Python reference.

const N = 624;
const M = 397;

/** A Mersenne Twister seeded as Python's random.Random(seed) (seed: a non-negative integer or null). */
export class PyRandom {
  constructor(seed) {
    this.mt = new Uint32Array(N);
    this.index = N + 1;
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

  /** init_by_array: the seed's absolute value as 32-bit words, least significant first. */
  seed(seed) {
    if (seed === null || seed === undefined) seed = BigInt(Math.floor(Math.random() * 2 ** 52));
    let value = BigInt(seed);
    if (value < 0n) value = -value;
    const key = [];
    while (value > 0n) {
      key.push(Number(value & 0xffffffffn));
      value >>= 32n;
    }
    if (!key.length) key.push(0);
    this.initGenrand(19650218);
    const mt = this.mt;
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k -= 1) {
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
    for (let k = N - 1; k > 0; k -= 1) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i += 1;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** genrand_uint32: the next 32 random bits. */
  next32() {
    const mt = this.mt;
    if (this.index >= N) {
      for (let k = 0; k < N; k += 1) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % N] & 0x7fffffff);
        mt[k] = mt[(k + M) % N] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
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

  /** getrandbits(k) as a BigInt: 32-bit words, least significant first (k ≥ 1). */
  getrandbits(k) {
    if (k <= 32) return BigInt(this.next32() >>> (32 - k));
    let out = 0n;
    let shift = 0n;
    for (let left = k; left > 0; left -= 32) {
      let r = this.next32();
      if (left < 32) r >>>= 32 - left;
      out |= BigInt(r) << shift;
      shift += 32n;
    }
    return out;
  }

  /** _randbelow_with_getrandbits(n): an integer in [0, n), n a positive BigInt or number. */
  randbelow(n) {
    const limit = BigInt(n);
    const k = limit.toString(2).length;
    let r = this.getrandbits(k);
    while (r >= limit) r = this.getrandbits(k);
    return r;
  }

  /** randrange(stop) or randrange(start, stop): start + _randbelow(stop - start); a number
   * when the bounds are numbers, else a BigInt. */
  randrange(start, stop) {
    if (stop === undefined) [start, stop] = [typeof start === "bigint" ? 0n : 0, start];
    if (stop - start <= 0) throw new RangeError(`empty range in randrange(${start}, ${stop})`);
    const r = this.randbelow(typeof stop === "bigint" ? stop - start : BigInt(stop - start));
    return typeof stop === "bigint" ? start + r : start + Number(r);
  }

  /** randint(a, b): randrange(a, b + 1). */
  randint(a, b) {
    return this.randrange(a, b + 1);
  }

  /** choice(seq): seq[_randbelow(len(seq))]. */
  choice(seq) {
    return seq[Number(this.randbelow(seq.length))];
  }

  /** shuffle(x) in place (Fisher-Yates from the end, as Lib/random.py). */
  shuffle(x) {
    for (let i = x.length - 1; i > 0; i -= 1) {
      const j = Number(this.randbelow(i + 1));
      [x[i], x[j]] = [x[j], x[i]];
    }
  }
}

/** `order` shuffled by random.Random(seed).shuffle. */
export function shuffled(order, seed) {
  new PyRandom(seed).shuffle(order);
  return order;
}
