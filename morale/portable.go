package morale

import "math"

// Portable floating point. The World must give the same bits on every CPU, so
// that a lockstep game between an arm64 Mac and an amd64 PC stays in step.
// IEEE 754 fixes the result of each +, −, ×, ÷ and √, but three things do not
// follow from it:
//
//   - math.Exp has its own assembly on amd64 and on arm64, two different
//     algorithms with different last bits;
//   - math.Hypot has assembly on amd64 and a pure-Go version elsewhere;
//   - the compiler may fuse x*y + z into one fused multiply-add with a single
//     rounding (it does on arm64, and on amd64 built with GOAMD64=v3).
//
// So the package computes e^x and the distance itself, in pure Go, and every
// product that feeds a sum is wrapped in an explicit float64(...) conversion,
// which the Go specification says rounds, and so forbids the fusion.
// scripts/nofma.sh proves that no fused instruction is left in the package.

// portableExp returns e^x, within one ulp of the exact value (tested over
// −8.64e7..0, the range the World uses) and bit-identical on every
// architecture. It is the FreeBSD msun algorithm that math's pure-Go
// exp uses (reduce x to r = x − k·ln2 with |r| ≤ ln2/2, a degree-5 rational
// approximation of e^r, then scale by 2^k), written with an explicit
// rounding after every product so that no multiply-add can be fused. Below
// about −745.13 the result is 0; from about −708.4 to there it is subnormal,
// rounded once. It is the contagion factor e^(−ContagionPerSecond·dt).
func portableExp(x float64) float64 {
	const (
		ln2Hi = 6.93147180369123816490e-01
		ln2Lo = 1.90821492927058770002e-10
		log2e = 1.44269504088896338700e+00

		overflow  = 7.09782712893383973096e+02
		underflow = -7.45133219101941108420e+02
		nearZero  = 1.0 / (1 << 28) // 2**-28

		p1 = 1.66666666666666657415e-01  // 0x3FC55555; 0x55555555
		p2 = -2.77777777770155933842e-03 // 0xBF66C16C; 0x16BEBD93
		p3 = 6.61375632143793436117e-05  // 0x3F11566A; 0xAF25DE2C
		p4 = -1.65339022054652515390e-06 // 0xBEBBBD41; 0xC5D26BF1
		p5 = 4.13813679705723846039e-08  // 0x3E663769; 0x72BEA4D0
	)
	switch {
	case x != x || x > overflow: // NaN, or +Inf and everything that overflows
		return x * math.MaxFloat64 // NaN stays NaN, the rest is +Inf
	case x < underflow: // also -Inf
		return 0
	case -nearZero < x && x < nearZero:
		return 1 + x
	}
	// Reduce: x = k·ln2 + r, with r = hi − lo held in two parts for extra
	// precision. k·ln2Hi is exact (ln2Hi has 32 trailing zero bits).
	var k int
	if x < 0 {
		k = int(float64(log2e*x) - 0.5)
	} else {
		k = int(float64(log2e*x) + 0.5)
	}
	fk := float64(k)
	hi := x - float64(fk*ln2Hi)
	lo := float64(fk * ln2Lo)
	r := hi - lo
	t := float64(r * r)
	poly := p4 + float64(t*p5)
	poly = p3 + float64(t*poly)
	poly = p2 + float64(t*poly)
	poly = p1 + float64(t*poly)
	c := r - float64(t*poly)
	y := 1 - ((lo - float64(r*c)/(2-c)) - hi)
	return scale2(y, k)
}

// scale2 returns y·2^k for y in 0.5..2 and k in −1075..1024, rounded once.
// The powers of two are built from their bits, so nothing depends on
// math.Ldexp.
func scale2(y float64, k int) float64 {
	pow2 := func(e int) float64 { return math.Float64frombits(uint64(e+1023) << 52) }
	switch {
	case k > 1023:
		return y * 2 * pow2(k-1) // y·2 is exact
	case k < -1022:
		// y·2^(k+54) is exact and normal (y ≥ 0.5, k+54 ≥ −1021); the
		// second product rounds once into the subnormals.
		return y * pow2(k+54) * pow2(-54)
	default:
		return y * pow2(k)
	}
}

// portableHypot returns √(x² + y²) as max·√(1 + (min/max)²), without
// overflow or underflow on the way: the formula of math.Hypot's amd64
// assembly, step for step, so its results are those bits, on every
// architecture. An infinite argument gives +Inf, else a NaN gives NaN.
// Vec2.Dist takes it where x² + y² would overflow or underflow.
func portableHypot(x, y float64) float64 {
	// max and min, not a swap: with agents all around an event, which of
	// x and y is larger is anybody's guess.
	ax, ay := math.Abs(x), math.Abs(y)
	p, q := max(ax, ay), min(ax, ay)
	if p > 0 && p <= math.MaxFloat64 { // false for 0, +Inf and NaN
		q /= p
		return p * math.Sqrt(1+float64(q*q))
	}
	return hypotEdge(x, y)
}

// hypotEdge is portableHypot when either argument is infinite or NaN, or
// both are zero.
func hypotEdge(x, y float64) float64 {
	switch {
	case math.IsInf(x, 0) || math.IsInf(y, 0):
		return math.Inf(1)
	case x != x || y != y:
		return math.NaN()
	}
	return 0
}
