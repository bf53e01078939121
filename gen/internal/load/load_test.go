package load

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A tool's description is its doc comment without the type's name in front,
// its first letter upper case.
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
		"GetWeatherArgs is someone's.":         "GetWeatherArgs is someone's.",
		"GetWeatherArgs is a request.":         "A request.",
		"GetWeatherArgs asks for the weather\nof a city.\n\nA second paragraph\nhere.\n\n  - one\n  - two\n": "Asks for the weather of a city.\n\nA second paragraph here.\n\n  - one\n  - two",
	} {
		assert.Equal(t, want, TypeDescription("GetWeatherArgs", doc), doc)
	}
}
