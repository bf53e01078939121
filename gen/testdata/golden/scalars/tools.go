// Package scalars has one tool whose fields are scalars carrying every
// numeric and string keyword of the jsonschema tag.
package scalars

// SetThermostatArgs sets a thermostat.
//
//toolgen:tool risk=act
type SetThermostatArgs struct {
	// Target temperature in degrees Celsius.
	Target float64 `json:"target" jsonschema:"minimum=5,maximum=30.5,multipleOf=0.5"`
	// Fan speed, strictly between 0 and 10.
	Fan int `json:"fan" jsonschema:"exclusiveMinimum=0,exclusiveMaximum=10"`
	// Mode of operation.
	Mode string `json:"mode" jsonschema:"enum=heat,enum=cool,enum=auto"`
	// Preset level.
	Level int `json:"level,omitempty" jsonschema:"enum=1,enum=2,enum=3"`
	// Ratio, one of two.
	Ratio float64 `json:"ratio,omitempty" jsonschema:"enum=0.25,enum=1.5"`
	Room  string  `json:"room" jsonschema:"minLength=2,maxLength=8,pattern=^[a-z]+$,title=Room,description=Room name in lower case,example=kitchen,default=hall"`
	Zone  string  `json:"zone,omitempty" jsonschema_description:"Heating zone code" jsonschema:"pattern=^Z[0-9]{2}$"`
	// Whether to hold the setting.
	Hold bool `json:"hold,omitempty"`
	// Step in tenths, a multiple of 5.
	Step     int     `json:"step,omitempty" jsonschema:"multipleOf=5,minimum=-100,maximum=100"`
	Offset   float64 `json:"offset,omitempty" jsonschema:"minimum=-2.5,exclusiveMaximum=2.5"`
	Note     string  `json:"note,omitempty"`
	Required string  `json:"forced,omitempty" jsonschema:"required"`
	ignored  string
	Skipped  string `json:"-"`
}
