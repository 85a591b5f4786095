package textfit

// DashAt is dashAt for the tests: what the rune at index i of s is,
// "hyphen", "sign" or "" (neither).
func DashAt(s string, i int) string {
	return [...]string{notDash: "", hyphen: "hyphen", sign: "sign"}[dashAt([]rune(s), i)]
}
