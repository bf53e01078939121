// Command weather shows the validators toolgen generates on three small
// tools: get_weather, current_weather and add. It validates example calls
// and prints each verdict in the renderings of tool.Errors: sorted codes,
// one sentence per error, the first error, and JSON.
package main

//go:generate go tool toolgen

// GetWeatherArgs asks for the weather forecast of a city.
//
//toolgen:tool risk=read
type GetWeatherArgs struct {
	// City name, for example "Paris".
	City string `json:"city" jsonschema:"minLength=1,maxLength=100"`
	// Number of days to forecast.
	Days int `json:"days,omitempty" jsonschema:"minimum=1,maximum=14"`
	// Temperature units: c for Celsius, f for Fahrenheit.
	Units Units `json:"units,omitempty"`
	// Whether to include the hourly forecast.
	IncludeHourly bool `json:"include_hourly,omitempty"`
	// Coordinates, to tell apart cities of the same name.
	Coords *Coords `json:"coords,omitempty"`
	// Labels to attach to the request.
	Tags []string `json:"tags,omitempty" jsonschema:"maxItems=10,pattern=^[a-z0-9_-]+$"`
}

// Units is a temperature unit. Its constants make its enum.
type Units string

const (
	Celsius    Units = "c"
	Fahrenheit Units = "f"
)

// Coords is a point on Earth.
type Coords struct {
	// Latitude in degrees.
	Lat float64 `json:"lat" jsonschema:"minimum=-90,maximum=90"`
	// Longitude in degrees.
	Lon float64 `json:"lon" jsonschema:"minimum=-180,maximum=180"`
}

// CurrentWeatherArgs asks for the current weather of a city.
//
//toolgen:tool name=current_weather risk=read
type CurrentWeatherArgs struct {
	City  string `json:"city"`
	Units string `json:"units,omitempty"`
}

// AddArgs adds two numbers.
//
//toolgen:tool risk=read
type AddArgs struct {
	A float64 `json:"a"`
	B float64 `json:"b"`
}
