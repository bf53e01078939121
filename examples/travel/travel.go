package travel

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Flight is a search result.
type Flight struct {
	ID      string  `json:"id"`
	Depart  string  `json:"depart"`
	Arrive  string  `json:"arrive"`
	Nonstop bool    `json:"nonstop"`
	Price   float64 `json:"price"`
}

// Execute runs a tool on arguments its validator accepted, against a
// pretend airline, and returns the result as JSON text for the model.
func Execute(name string, args map[string]any) (string, error) {
	switch name {
	case SearchFlightsTool.Name:
		var a SearchFlightsArgs
		if err := decode(args, &a); err != nil {
			return "", err
		}
		flights := []Flight{
			{ID: "AF" + a.From[:1] + "12", Depart: a.Date + "T09:40", Arrive: a.Date + "T12:05", Nonstop: true, Price: 420.50 * float64(a.Passengers)},
			{ID: "BA" + a.To[:1] + "345", Depart: a.Date + "T13:15", Arrive: a.Date + "T18:30", Price: 318.00 * float64(a.Passengers)},
		}
		var out []Flight
		for _, f := range flights {
			if (a.Nonstop == nil || !*a.Nonstop || f.Nonstop) && (a.MaxPrice == 0 || f.Price <= a.MaxPrice) {
				out = append(out, f)
			}
		}
		return encode(map[string]any{"flights": out})
	case BookFlightTool.Name:
		var a BookFlightArgs
		if err := decode(args, &a); err != nil {
			return "", err
		}
		ref := strings.ToUpper(fmt.Sprintf("%.3s%03d", a.FlightID+"XXX", len(a.Passengers)*7))
		return encode(map[string]any{"reference": ref, "flight_id": a.FlightID, "seats": len(a.Passengers)})
	case GetBookingTool.Name:
		var a GetBookingArgs
		if err := decode(args, &a); err != nil {
			return "", err
		}
		return encode(map[string]any{"reference": a.Reference, "status": "confirmed"})
	}
	return "", fmt.Errorf("travel: no tool %q", name)
}

func decode(args map[string]any, v any) error {
	data, err := json.Marshal(args)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

func encode(v any) (string, error) {
	data, err := json.Marshal(v)
	return string(data), err
}
