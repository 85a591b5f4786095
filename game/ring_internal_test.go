package game

import (
	"slices"
	"testing"
)

// contents returns what r holds, oldest first.
func contents(r *ring[int]) []int {
	var out []int
	for i := range r.len() {
		out = append(out, *r.at(i))
	}
	return out
}

func TestRing(t *testing.T) {
	tests := []struct {
		cap    int
		pushes int // pushes 1..pushes
		want   []int
	}{
		{cap: 3, pushes: 0, want: nil},
		{cap: 3, pushes: 2, want: []int{1, 2}},
		{cap: 3, pushes: 3, want: []int{1, 2, 3}},
		{cap: 3, pushes: 4, want: []int{2, 3, 4}},
		{cap: 3, pushes: 10, want: []int{8, 9, 10}},
		{cap: 1, pushes: 5, want: []int{5}},
		{cap: 0, pushes: 2, want: []int{2}}, // capacity at least 1
	}
	for _, tt := range tests {
		r := newRing[int](tt.cap)
		for v := 1; v <= tt.pushes; v++ {
			r.push(v)
		}
		if got := contents(&r); !slices.Equal(got, tt.want) {
			t.Errorf("cap %d, %d pushes: got %v; want %v", tt.cap, tt.pushes, got, tt.want)
		}
		r.clear()
		if r.len() != 0 || slices.ContainsFunc(r.buf, func(v int) bool { return v != 0 }) {
			t.Errorf("cap %d after clear: len %d, storage %v; want empty and zeroed", tt.cap, r.len(), r.buf)
		}
		r.push(7)
		if got := contents(&r); !slices.Equal(got, []int{7}) {
			t.Errorf("cap %d, push after clear: got %v; want [7]", tt.cap, got)
		}
	}
}

func TestRingPushDoesNotAllocate(t *testing.T) {
	r := newRing[logEntry](logCap)
	if n := testing.AllocsPerRun(100, func() { r.push(logEntry{at: 1}) }); n != 0 {
		t.Errorf("push: got %v allocations; want 0", n)
	}
}
