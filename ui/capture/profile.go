package capture

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"runtime/pprof"

	"github.com/moralebreak/moralebreak/internal/safefile"
)

// Profile starts a CPU profile of the run when cpu is set and returns the
// function that ends it, when the window has closed: it writes the CPU
// profile to cpu (-cpuprofile) and a heap profile to mem (-memprofile;
// after a garbage collection, so that its in-use figures are the live
// heap), each when set ("" = none), as safefile writes a file; its error
// names the flag. go tool pprof reads both.
func Profile(cpu, mem string) (end func() error, err error) {
	var buf bytes.Buffer
	if cpu != "" {
		if err := pprof.StartCPUProfile(&buf); err != nil {
			return nil, fmt.Errorf("-cpuprofile: %w", err)
		}
	}
	return func() (err error) {
		if cpu != "" {
			pprof.StopCPUProfile()
			if werr := safefile.WriteFile(cpu, buf.Bytes()); werr != nil {
				err = fmt.Errorf("-cpuprofile: %w", werr)
			}
		}
		if mem != "" {
			runtime.GC()
			if werr := safefile.WriteFunc(mem, pprof.WriteHeapProfile); werr != nil {
				err = errors.Join(err, fmt.Errorf("-memprofile: %w", werr))
			}
		}
		return err
	}, nil
}
