package cli

import (
	"io"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/fit"
)

// PrintSensitivity prints sensitivity's table of res to w, as the command
// does after its fights, so that a test can give it any numbers.
func PrintSensitivity(w io.Writer, res lab.SensitivityResult) error {
	p := &printer{w: w}
	printSensitivity(console{out: p, errs: p}, res)
	return p.Err()
}

// PrintReplays says on w which replays of picked were written, as run does.
func PrintReplays(w io.Writer, pick *lab.RunPick, picked []lab.Picked) error {
	p := &printer{w: w}
	printReplays(console{out: p, errs: p}, pick, picked, "s.toml", 1, "out")
	return p.Err()
}

// PrintFit prints fit's stdout summary of r to w, as the command does after
// its fights, so that a test can give it any result.
func PrintFit(w io.Writer, r *fit.Result) error {
	p := &printer{w: w}
	printFit(console{out: p, errs: p}, r, "out/s-fit", lab.Outputs{})
	return p.Err()
}
