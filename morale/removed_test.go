package morale_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// TestRemovedAgentErrorsNameTheCall: an Agent method that returns an error
// on a removed or nil agent names the call with its values and what to do
// instead, where it said only "agent was removed from its world", and the
// error still matches ErrRemoved.
func TestRemovedAgentErrorsNameTheCall(t *testing.T) {
	w, err := morale.NewWorld(morale.DefaultSettings(), 1)
	if err != nil {
		t.Fatal(err)
	}
	dead := w.Spawn(1, morale.Vec2{})
	w.Spawn(1, morale.Vec2{X: 100})
	w.Remove(dead)
	replaced := w.Agent(0)
	save, err := w.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.UnmarshalBinary(save); err != nil {
		t.Fatal(err)
	}
	calls := []struct {
		name string
		call func(a *morale.Agent) error
		want string
	}{
		{"SetMorale", func(a *morale.Agent) error { return a.SetMorale(0.5) }, "Agent.SetMorale(0.5)"},
		{"SetNerve", func(a *morale.Agent) error { return a.SetNerve(0.25) }, "Agent.SetNerve(0.25)"},
		{"SetTag", func(a *morale.Agent) error { return a.SetTag(42) }, "Agent.SetTag(42)"},
		{"SetLeader", func(a *morale.Agent) error { return a.SetLeader(true) }, "Agent.SetLeader(true)"},
		{"SetAffectedByContagion", func(a *morale.Agent) error { return a.SetAffectedByContagion(false) }, "Agent.SetAffectedByContagion(false)"},
		{"ReportEvent", func(a *morale.Agent) error { return a.ReportEvent(morale.TookDamage, 2) }, "Agent.ReportEvent(TookDamage, 2)"},
		{"ReportCustomEvent", func(a *morale.Agent) error { return a.ReportCustomEvent(-0.1) }, "Agent.ReportCustomEvent(-0.1)"},
	}
	agents := []struct {
		name string
		a    *morale.Agent
		want string
	}{
		{"removed", dead, "of a removed agent (a dead man's handle): drop the handle"},
		{"replaced by a load", replaced, "of an agent from before a load (UnmarshalBinary made new handles): find the agent again by tag"},
		{"nil", nil, "of a nil agent"},
		{"zero", new(morale.Agent), "of an Agent Spawn did not make (a zero Agent, which names no man): pass a handle Spawn returned"},
	}
	before := w.Checksum()
	for _, ag := range agents {
		for _, c := range calls {
			err := c.call(ag.a)
			if !errors.Is(err, morale.ErrRemoved) {
				t.Errorf("%s agent: %s: got %v; want an error matching ErrRemoved", ag.name, c.name, err)
				continue
			}
			if msg := err.Error(); !strings.Contains(msg, c.want) || !strings.Contains(msg, ag.want) {
				t.Errorf("%s agent: %s: got %q; want it to name %q and say %q", ag.name, c.name, msg, c.want, ag.want)
			}
		}
	}
	if got := w.Checksum(); got != before {
		t.Errorf("Checksum after the refused calls: got %x; want %x (unchanged)", got, before)
	}
}
