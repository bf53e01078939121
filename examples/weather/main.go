package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// calls are the example calls: a name and the arguments a model sent.
var calls = []struct{ name, args string }{
	{"get_weather", `{"days": true, "tz": "UTC"}`},
	{"get_weather", `{"city": "Paris", "days": 3, "units": "c"}`},
	{"get_weather", `{"city": "Paris", "units": "k"}`},
	{"get_weather", `{"city": "Paris", "days": "3"}`},
	{"get_forecast", `{"city": "Paris"}`},
	{"current_weather", `{}`},
	{"current_weather", `{"city": "Lima", "country": "PE"}`},
	{"add", `{"a": "2", "b": 3}`},
}

func main() { run(os.Stdout) }

// run validates each example call with Tools.Validate and prints its
// verdict in each rendering of tool.Errors: the sorted codes, one sentence
// per error, and the first error, the one a validator that stops early
// reports (missing members, then unexpected ones, then types and values).
func run(w io.Writer) {
	for _, c := range calls {
		var args map[string]any
		if err := json.Unmarshal([]byte(c.args), &args); err != nil {
			panic(err)
		}
		errs := Tools.Validate(c.name, args)
		fmt.Fprintf(w, "%s %s\n", c.name, c.args)
		if errs == nil {
			fmt.Fprintf(w, "\tvalid\n")
			continue
		}
		fmt.Fprintf(w, "\tCodes()     %q\n", errs.Codes())
		fmt.Fprintf(w, "\tMessages()  %q\n", errs.Messages())
		fmt.Fprintf(w, "\terrs[0]     %s\n", errs[0].Message())
	}
	fmt.Fprintln(w, "every error of one call, as JSON for the model:")
	var args map[string]any
	_ = json.Unmarshal([]byte(`{"city": "", "days": 20, "coords": {"lat": 91}, "tags": ["ok", "Not OK"], "tz": "UTC"}`), &args)
	fmt.Fprintf(w, "\t%s\n", ValidateGetWeatherArgs(args).JSON())
}
