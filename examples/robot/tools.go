// Command robot dispatches a model's tool calls to a robot through a
// tool.Set: three tools of increasing risk, seven calls, and the path every
// call takes — parse, shape, allow-list, validation, policy, confirmation,
// execution with a time limit, and an audit log. It prints each outcome,
// then approves the dangerous call through the application and shows that
// only three calls reached the robot.
package main

//go:generate go tool toolgen

// GetBatteryArgs reads the robot's battery level.
//
//toolgen:tool risk=read
type GetBatteryArgs struct{}

// MoveToArgs moves the robot to a point of its 10 m by 10 m workspace.
//
//toolgen:tool risk=act idempotent=true
type MoveToArgs struct {
	// Target x coordinate, in meters.
	X float64 `json:"x" jsonschema:"minimum=0,maximum=10"`
	// Target y coordinate, in meters.
	Y float64 `json:"y" jsonschema:"minimum=0,maximum=10"`
	// Speed, as a fraction of the robot's top speed.
	Speed float64 `json:"speed" jsonschema:"minimum=0,maximum=1"`
}

// OpenDoorArgs opens a door of the building. A person must approve each
// call; a repeated request is not performed twice.
//
//toolgen:tool risk=dangerous idempotent=false
type OpenDoorArgs struct {
	// The door to open, for example "north".
	Door string `json:"door"`
}
