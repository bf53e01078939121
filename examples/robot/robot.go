package main

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Robot is a simulated robot: the application state that handlers act on and
// that policies read. The model reaches none of it.
type Robot struct {
	mu       sync.Mutex
	x, y     float64
	battery  float64
	open     map[string]bool
	stopped  bool    // the emergency stop is pressed
	maxSpeed float64 // the speed limit in force
	executed []Executed
}

// Executed is a call that reached the robot, with its decoded arguments.
type Executed struct {
	Tool string
	Args any
}

// NewRobot returns a robot at the origin with a full battery.
func NewRobot() *Robot {
	return &Robot{battery: 0.87, open: map[string]bool{}, maxSpeed: 1}
}

// Executed returns the calls that reached the robot, in order.
func (r *Robot) Executed() []Executed {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Executed(nil), r.executed...)
}

// PressEmergencyStop stops every action until released.
func (r *Robot) PressEmergencyStop(pressed bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stopped = pressed
}

// LimitSpeed sets the speed limit, for example while a person is near.
func (r *Robot) LimitSpeed(max float64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.maxSpeed = max
}

func (r *Robot) record(name string, args any) {
	r.executed = append(r.executed, Executed{Tool: name, Args: args})
}

// Battery is get_battery's output.
type Battery struct {
	Percent float64 `json:"percent"`
}

func (r *Robot) getBattery(ctx context.Context, a GetBatteryArgs) (any, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.record(GetBatteryTool.Name, a)
	return Battery{Percent: r.battery * 100}, nil
}

// Position is move_to's output.
type Position struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

func (r *Robot) moveTo(ctx context.Context, a MoveToArgs) (any, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.record(MoveToTool.Name, a)
	r.x, r.y = a.X, a.Y
	return Position{r.x, r.y}, nil
}

func (r *Robot) openDoor(ctx context.Context, a OpenDoorArgs) (any, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.record(OpenDoorTool.Name, a)
	r.open[a.Door] = true
	return "the " + a.Door + " door is open", nil
}

// emergencyStop refuses every action while the emergency stop is pressed;
// reading stays allowed.
func (r *Robot) emergencyStop(ctx context.Context, c *tool.Call) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped && c.Tool.Risk != tool.RiskRead {
		return tool.Deny("emergency_stop", "the emergency stop is pressed: no action is allowed until a person releases it")
	}
	return nil
}

// speedLimit refuses a move faster than the limit in force. The schema
// bounds speed to [0, 1]; the limit depends on the state.
func (r *Robot) speedLimit(ctx context.Context, a MoveToArgs) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if a.Speed > r.maxSpeed {
		return tool.Deny("speed_limit", "speed is limited to "+formatNumber(r.maxSpeed)+" right now")
	}
	return nil
}

// NewSet makes the robot's tool set: the allow-list is its three tools, the
// policies read the robot's state, every execution has a time limit, and
// every call is logged to logger; opts are more options of the set.
func (r *Robot) NewSet(logger *slog.Logger, opts ...tool.Option) *tool.Set {
	return tool.NewSet(append([]tool.Option{
		GetBatteryTool.Handle(r.getBattery),
		MoveToTool.Handle(r.moveTo).Timeout(5 * time.Second),
		OpenDoorTool.Handle(r.openDoor),
		tool.WithTimeout(2 * time.Second),
		tool.WithPolicy(r.emergencyStop),
		tool.WithPolicy(tool.PolicyFor(&MoveToTool, r.speedLimit)),
		tool.WithLogger(logger),
	}, opts...)...)
}
