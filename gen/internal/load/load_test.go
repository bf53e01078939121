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
	} {
		assert.Equal(t, want, toolDescription("GetWeatherArgs", doc), doc)
	}
}
