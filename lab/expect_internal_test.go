package lab

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestFormatEstimate(t *testing.T) {
	tests := []struct {
		x, lo, hi float64
		want      string
	}{
		{11.75, 11.75, 11.75, "11.75 [11.7, 11.8]"},
		{11.75, 11.5, 12.25, "11.75 [11.5, 12.3]"},
		{0.022, 0.0146, 0.0331, "0.022 [0.0146, 0.0331]"},
		{0.3, 0.3, 0.3, "0.3 [0.3, 0.3]"},
		{0.433, 0.40349, 0.46401, "0.433 [0.403, 0.465]"},
		{0, 0, 0.0365, "0 [0, 0.0365]"},
		{1, 0.9963, 1, "1 [0.996, 1]"},
		{86.25, 82.75, 88.75, "86.25 [82.7, 88.8]"},
		{-0.066, -0.0712, -0.0601, "-0.066 [-0.0712, -0.0601]"},
		{12345, 12000, 13001, "12345 [12000, 13100]"}, // 4 figures wrote "1.234e+04"
		{999.96, 999.5, 999.97, "1000 [999, 1000]"},
	}
	for _, tt := range tests {
		if got := FormatEstimate(tt.x, tt.lo, tt.hi, ""); got != tt.want {
			t.Errorf("FormatEstimate(%v, %v, %v) = %q; want %q", tt.x, tt.lo, tt.hi, got, tt.want)
		}
	}
}

// TestFormatEstimateHoldsItsEstimate checks, over many estimates and
// intervals, that the printed interval always holds the printed estimate and
// the true interval.
func TestFormatEstimateHoldsItsEstimate(t *testing.T) {
	for i := 0; i < 20000; i++ {
		f := float64(i)
		x := math.Sin(f) * math.Pow(10, float64(i%9-4))
		lo := x - math.Abs(math.Cos(f*1.7))*math.Pow(10, float64(i%7-5))
		hi := x + math.Abs(math.Sin(f*2.3))*math.Pow(10, float64(i%5-4))
		if i%11 == 0 {
			lo, hi = x, x
		}
		s := FormatEstimate(x, lo, hi, "")
		xs, rest, _ := strings.Cut(s, " [")
		los, his, _ := strings.Cut(strings.TrimSuffix(rest, "]"), ", ")
		px, err1 := strconv.ParseFloat(xs, 64)
		plo, err2 := strconv.ParseFloat(los, 64)
		phi, err3 := strconv.ParseFloat(his, 64)
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("FormatEstimate(%v, %v, %v) = %q: %v %v %v", x, lo, hi, s, err1, err2, err3)
		}
		if plo > px || phi < px || plo > lo || phi < hi {
			t.Fatalf("FormatEstimate(%v, %v, %v) = %q; want the printed interval to hold %v and %v..%v", x, lo, hi, s, px, lo, hi)
		}
	}
}

func TestStatInterval(t *testing.T) {
	xs := make([]float64, 100)
	for i := range xs {
		xs[i] = float64(99 - i) // unsorted on purpose
	}
	tests := []struct {
		stat   string
		lo, hi float64
		ok     bool
	}{
		{"p50", 40, 60, true},
		{"p10", 4, 16, true},
		{"min", 0, 3, true},
		{"max", 96, 99, true},
		{"share", 0.6042, 0.7811, true},
		{"p42", 0, 0, false},
	}
	for _, tt := range tests {
		lo, hi, ok := StatInterval(tt.stat, xs, 70, 100, 0, math.Inf(1))
		if ok != tt.ok || math.Abs(lo-tt.lo) > 1e-3 || math.Abs(hi-tt.hi) > 1e-3 {
			t.Errorf("StatInterval(%s) = %v, %v, %v; want %v, %v, %v", tt.stat, lo, hi, ok, tt.lo, tt.hi, tt.ok)
		}
	}
	if lo, hi, ok := StatInterval("mean", xs, 100, 100, 0, math.Inf(1)); !ok || lo > 49.5 || hi < 49.5 || hi-lo > 12 {
		t.Errorf("StatInterval(mean) = %v, %v, %v; want about 49.5 ∓ 5.7", lo, hi, ok)
	}
	if _, _, ok := StatInterval("p50", nil, 0, 100, 0, math.Inf(1)); ok {
		t.Errorf("StatInterval(p50) of no values is ok; want not ok")
	}
}
