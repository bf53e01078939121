package idempotent

// StepArgs moves one step: calling it twice moves twice.
//
//toolgen:tool idempotent=false
type StepArgs struct {
	N int `json:"n"`
}

// WalkArgs walks to a place.
//
//toolgen:tool risk=act idempotent=true
type WalkArgs struct {
	X float64 `json:"x"`
}

// ReadArgs reads.
//
//toolgen:tool risk=read
type ReadArgs struct{}

// SendArgs sends a message: risk=act by default, so not idempotent.
//
//toolgen:tool
type SendArgs struct {
	To string `json:"to"`
}

// WipeArgs wipes a disk.
//
//toolgen:tool risk=dangerous
type WipeArgs struct {
	Disk string `json:"disk"`
}

// LookArgs looks, although it says idempotent before its risk.
//
//toolgen:tool idempotent=false risk=read
type LookArgs struct{}
