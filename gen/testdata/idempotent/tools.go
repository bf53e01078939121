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
