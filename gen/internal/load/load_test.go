package load

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A type's description (a tool's, a member's) is its doc comment without
// the type's name in front, its first letter upper case.
func TestToolDescription(t *testing.T) {
	for doc, want := range map[string]string{
		"GetWeatherArgs asks for the weather.": "Asks for the weather.",
		"GetWeatherArgs  gets it.":             "Gets it.",
		"Asks for the weather.":                "Asks for the weather.",
		"GetWeatherArgs":                       "GetWeatherArgs",
		"GetWeatherArgs GetWeather it is.":     "GetWeatherArgs GetWeather it is.",
		"GetWeatherArgsX gets.":                "GetWeatherArgsX gets.",
		"":                                     "",
		"GetWeatherArgs élit.":                 "Élit.",
		"GetWeatherArgs is someone's.":         "Someone's.",
		"GetWeatherArgs is a request.":         "A request.",
		"GetWeatherArgs is JSON.":              "JSON.",
		"GetWeatherArgs is.":                   "GetWeatherArgs is.",
		"GetWeatherArgs is ":                   "GetWeatherArgs is",
		"GetWeatherArgs:":                      "GetWeatherArgs:",
		"GetWeatherArgs: the request.":         "The request.",
		"GetWeatherArgs represents a request.": "A request.",
		"GetWeatherArgs describes the city.":   "The city.",
		"GetWeatherArgss are many.":            "Many.",
		"A GetWeatherArgs is one request.":     "One request.",
		"An GetWeatherArgs: one request.":      "One request.",
		"The GetWeatherArgs are requests.":     "Requests.",
		"The GetWeatherArgs of the day.":       "The GetWeatherArgs of the day.",
		"A GetWeatherArgs asks.":               "A GetWeatherArgs asks.",
		"GetWeatherArgsis a request.":          "GetWeatherArgsis a request.",
		"GetWeatherArgs is get_weather's.":     "get_weather's.",
		"GetWeatherArgs is iPhone data.":       "iPhone data.",
		"GetWeatherArgs is JSON text.":         "JSON text.",
		"GetWeatherArgs is a2b.":               "a2b.",
		"GetWeatherArgs get_weathers.":         "GetWeatherArgs get_weathers.",
		"GetWeatherArgs asks for the weather\nof a city.\n\nA second paragraph\nhere.\n\n  - one\n  - two\n": "Asks for the weather of a city.\n\nA second paragraph here.\n\n  - one\n  - two",
	} {
		assert.Equal(t, want, TypeDescription("GetWeatherArgs", doc), doc)
	}
}
