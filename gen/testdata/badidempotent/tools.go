package badidempotent

// StepArgs has a bad option.
//
//toolgen:tool idempotent=maybe
type StepArgs struct{}
