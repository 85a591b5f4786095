package lab

import (
	"strings"
	"testing"
)

func TestToolString(t *testing.T) {
	for _, c := range []struct {
		tool Tool
		want string
	}{
		{Tool{}, ""},
		{Tool{Version: "v1.2.0"}, "moralesim v1.2.0"},
		{Tool{Revision: "0123abc"}, "moralesim (no version), commit 0123abc"},
		{Tool{Version: "v0.0.0-20261204-0123abc+dirty", Revision: "0123abc", Modified: true}, "moralesim v0.0.0-20261204-0123abc+dirty, commit 0123abc, with changes not committed"},
	} {
		if got := c.tool.String(); got != c.want {
			t.Errorf("%+v.String() = %q; want %q", c.tool, got, c.want)
		}
	}
}

func TestToolCheck(t *testing.T) {
	long := strings.Repeat("x", MaxNameBytes+1)
	for _, c := range []struct {
		tool Tool
		ok   bool
	}{
		{Tool{}, true},
		{Tool{Version: "v1", Revision: "abc", Modified: true}, true},
		{Tool{Version: long}, false},
		{Tool{Revision: long}, false},
	} {
		if err := c.tool.check(); (err == nil) != c.ok {
			t.Errorf("%+v.check() = %v; want ok %v", c.tool, err, c.ok)
		}
	}
}
