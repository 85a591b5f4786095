package morale

// plainAgent is the plain floor's agent: 48 bytes, read and written once a
// pass, no squad lookup (the floor of issue "A library a game ships with").
type plainAgent struct{ a, b, c, d, e, f float64 }

// plainFloor is the plain floor pass: one read-modify-write pass over 48
// bytes an agent. The benchmarks of both test packages time this one copy
// (the external one through PlainAgent and PlainFloor, export_test.go).
func plainFloor(fl []plainAgent) {
	for i := range fl {
		f := &fl[i]
		f.a = f.a*0.99 + f.b
		f.c += 0.25
		f.d += 0.25
		f.e = f.f
	}
}
