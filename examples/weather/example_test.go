package main

import (
	"encoding/json"
	"fmt"
)

// The call of README's example (and of its tutorial): every rendering of its errors.
func Example() {
	var args map[string]any
	_ = json.Unmarshal([]byte(`{"days": true, "tz": "UTC"}`), &args)
	errs := Tools.Validate("get_weather", args)
	fmt.Println(errs.Codes())
	for _, m := range errs.Messages() {
		fmt.Println(m)
	}
	fmt.Println(errs.JSON())
	fmt.Println(Tools.Validate("get_weather", map[string]any{"city": "Paris", "units": "k"}).Error())
	fmt.Println(Tools.Validate("get_weather", map[string]any{"city": "Paris", "days": 20.0}).Error())
	fmt.Println(Tools.Validate("get_forecast", args).Error())
	// Output:
	// [missing:city type:days unexpected:tz]
	// missing required argument 'city'
	// unexpected argument 'tz'
	// argument 'days' should be integer, got boolean true
	// [{"code":"missing","path":"/city","expected":"string"},{"code":"unexpected","path":"/tz","got":"string"},{"code":"type","path":"/days","expected":"integer","got":"boolean","actual":"true"}]
	// argument 'units' should be one of "c", "f", got "k"
	// argument 'days' should be <= 14, got 20
	// unknown tool 'get_forecast'
}
