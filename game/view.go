package game

import (
	"math"

	"github.com/moralebreak/moralebreak/morale"
)

// View is the read-only face of a session, for drawing and panels: the
// battle on screen, the clock, the inspector and the what-if; *Session
// satisfies it. None of its methods changes the session: the Append
// methods write only into the caller's slice, and the slices and the
// History they return belong to the session (read them, do not keep or
// modify them). The scene's own views are its methods: switch on Scene's
// type (*Opening, *Armies, *Scenario).
type View interface {
	// Time is the simulated time, in seconds; Speed the speed factor.
	Time() float64
	Speed() float64
	// Paused and Debug report the pause and the debug overlay.
	Paused() bool
	Debug() bool
	// Settings are the live morale settings (do not modify the Weights).
	Settings() morale.Settings
	// Field is the battlefield size, in cm.
	Field() morale.Vec2
	// Scene is the scene the battle plays, to read.
	Scene() Scene
	// History is the morale history of the timeline.
	History() *History
	// AppendShots appends the recent tracers (oldest first) to dst and
	// returns it.
	AppendShots(dst []ShotView) []ShotView
	// Why is soldier id's explanation over the last WhyWindow seconds (for
	// the dead: the one kept as he fell); ok is false for an unknown id.
	// It is computed on demand and cached per sub-tick: call it freely.
	Why(id int) (x morale.Explanation, ok bool)
	// Ghost is the other future's state changes since the branch while a
	// what-if runs (nil otherwise), oldest first: the original future's
	// for the live battle.
	Ghost() []StateEvent
	// Other is, while a what-if runs, the other future's view (the
	// original future, A, for the live battle, B, and the reverse) and
	// which future this view is; nil and NoFuture otherwise.
	Other() (View, Future)
}

// SoldierView is a read-only copy of one soldier for drawing and panels.
type SoldierView struct {
	// ID is the soldier's index, stable for the whole battle (until Restart).
	ID int
	// Name is his surname, e.g. "Alvarez".
	Name string
	// Leader marks the squad leader; Alive is false once he fell.
	Leader, Alive bool
	// Pos is his position on the field, in cm.
	Pos morale.Vec2
	// Facing is the direction he faces, in radians: 0 towards +X (the enemy),
	// π/2 towards +Y (down the screen).
	Facing float64
	// Health is 0..1; 0 when dead.
	Health float64
	// Morale and Nerve are 0..1; a dead man's Morale is 0, his Nerve stays.
	Morale, Nerve float64
	// State is his morale state (Steady when dead).
	State morale.State
	// Bark is his current speech-bubble line, "" when none.
	Bark string
	// BarkAge is the time since the bark, in seconds (0..BarkSeconds).
	BarkAge float64
	// Firing is true for a moment after each of his shots.
	Firing bool
}

// EnemyView is a read-only copy of one rifleman of the enemy line.
type EnemyView struct {
	// ID is the enemy's index.
	ID int
	// Pos is his position on the field, in cm.
	Pos morale.Vec2
	// Alive is false while he is down (he is replaced after a while).
	Alive bool
	// Firing is true for a moment after each of his shots.
	Firing bool
	// Facing is the direction he faces, in radians (π: towards the squad).
	Facing float64
}

// Rect is an axis-aligned rectangle on the field, in cm; Min is the top-left.
type Rect struct{ Min, Max morale.Vec2 }

// Contains reports whether p lies inside r (edges included).
func (r Rect) Contains(p morale.Vec2) bool {
	return p.X >= r.Min.X && p.X <= r.Max.X && p.Y >= r.Min.Y && p.Y <= r.Max.Y
}

// ShotView is one recent tracer.
type ShotView struct {
	// From and To are the muzzle and the impact, in cm.
	From, To morale.Vec2
	// Age is the time since the shot, in seconds (0..ShotSeconds).
	Age float64
	// Hit is true when the shot hit its target.
	Hit bool
	// Enemy is true for shots of the enemy line.
	Enemy bool
}

// Report is one piece of news the battle handed to the morale World, for
// tests, logs and tools (see Battle.OnReport and Session.OnReport).
type Report struct {
	// T is the simulated time of the report, in seconds.
	T float64
	// Event is the reported event.
	Event morale.Event
	// ID is the soldier the event was reported to, or -1 for a report at a
	// location (ReportEventAtLocation).
	ID int
	// At is the location of a report at a location, or the soldier's position.
	At morale.Vec2
	// Scale is the scale passed with the event.
	Scale float64
}

// Viewport maps the battlefield onto a screen rectangle, preserving its
// aspect ratio: the field is scaled to fit and centred (letterboxed). It is
// pure math and holds no state.
type Viewport struct {
	// X, Y, W, H is the screen rectangle, in pixels.
	X, Y, W, H float64
	// Field is the battlefield size, in cm (View.Field).
	Field morale.Vec2
}

// Scale returns the number of pixels per cm; 0 for an empty rectangle or field.
func (v Viewport) Scale() float64 {
	if v.Field.X <= 0 || v.Field.Y <= 0 || v.W <= 0 || v.H <= 0 {
		return 0
	}
	return math.Min(v.W/v.Field.X, v.H/v.Field.Y)
}

// origin returns the screen position of field point (0, 0).
func (v Viewport) origin(s float64) (float64, float64) {
	return v.X + (v.W-v.Field.X*s)/2, v.Y + (v.H-v.Field.Y*s)/2
}

// ToScreen returns the screen pixel of field point p (cm).
func (v Viewport) ToScreen(p morale.Vec2) (x, y float64) {
	s := v.Scale()
	ox, oy := v.origin(s)
	return ox + p.X*s, oy + p.Y*s
}

// ToWorld returns the field point (cm) under screen pixel (x, y); it may lie
// outside the field. An empty viewport maps everything to (0, 0).
func (v Viewport) ToWorld(x, y float64) morale.Vec2 {
	s := v.Scale()
	if s == 0 {
		return morale.Vec2{}
	}
	ox, oy := v.origin(s)
	return morale.Vec2{X: (x - ox) / s, Y: (y - oy) / s}
}

// FieldAt returns the field point (cm) under screen pixel (x, y), as
// ToWorld, and whether it lies on the field (its edges included).
func (v Viewport) FieldAt(x, y int) (morale.Vec2, bool) {
	p := v.ToWorld(float64(x), float64(y))
	return p, p.X >= 0 && p.Y >= 0 && p.X <= v.Field.X && p.Y <= v.Field.Y
}

// BlastSeconds is how long, in seconds, a shell's blast stays in Blasts.
const BlastSeconds = 1.0

// BlastView is a recent shell impact.
type BlastView struct {
	// At is the impact point, in cm.
	At morale.Vec2
	// Age is the time since the impact, in seconds (0..BlastSeconds).
	Age float64
}

// blast is one shell impact.
type blast struct {
	at morale.Vec2
	t  int64
}
