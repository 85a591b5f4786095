package words_test

import (
	"testing"

	"github.com/moralebreak/moralebreak/internal/words"
)

func TestCount(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "0 men"}, {1, "1 man"}, {2, "2 men"}, {-1, "-1 men"}} {
		if got := words.Count(tt.n, "man", "men"); got != tt.want {
			t.Errorf("Count(%d, man, men) = %q; want %q", tt.n, got, tt.want)
		}
	}
}
