package dialect

import (
	"fmt"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// This file holds the strict modes' limits on a whole schema: what the
// converter counts as it walks (properties, enum values, characters,
// optional members, unions) and the errors past them.

// Limits of the providers (see docs/providers.md, "Provider dialects").
const (
	openAIMaxNesting    = 10
	openAIMaxProperties = 5000
	openAIMaxEnumValues = 1000
	openAIMaxChars      = 120_000
	openAILongEnum      = 250
	openAILongEnumChars = 15_000

	// Anthropic's strict mode compiles each schema into a grammar; a schema
	// with more optional members or unions than this is refused.
	anthropicMaxOptional = 24
	anthropicMaxUnions   = 16
)

func (c *converter) countEnum(values []any, path string) {
	if !c.openAI() {
		return
	}
	before := c.enumValues
	c.enumValues += len(values)
	if before <= openAIMaxEnumValues && c.enumValues > openAIMaxEnumValues && c.enumAt == "" {
		c.enumAt = path
	}
	total := 0
	for _, v := range values {
		if s, ok := v.(string); ok {
			total += len(s)
		} else {
			total += len(jsonschema.CompactJSON(v))
		}
	}
	c.chars += total
	if len(values) > openAILongEnum && total > openAILongEnumChars {
		c.fail(path, cause{fmt.Sprintf("an enum of %d values totalling %d characters", len(values), total), ""}, "an enum of more than %d strings may total at most %d characters", openAILongEnum, openAILongEnumChars)
	}
}

// limits checks the strict modes' limits on the whole schema.
func (c *converter) limits() {
	if c.lowering == lowerAnthropic {
		if c.optional > anthropicMaxOptional {
			c.fail("", causeSize, "at most %d optional members in all, and this schema has %d", anthropicMaxOptional, c.optional)
		}
		if c.unions > anthropicMaxUnions {
			c.fail("", causeSize, "at most %d members that are unions (anyOf, or null with a type) in all, and this schema has %d", anthropicMaxUnions, c.unions)
		}
		return
	}
	if !c.openAI() {
		return
	}
	if c.properties > openAIMaxProperties {
		c.fail("", causeSize, "at most %d object properties in all, and this schema has %d", openAIMaxProperties, c.properties)
	}
	if c.enumValues > openAIMaxEnumValues {
		c.fail(c.enumAt, causeSize, "at most %d enum values in all, and this schema has %d", openAIMaxEnumValues, c.enumValues)
	}
	if c.chars > openAIMaxChars {
		c.fail("", causeSize, "at most %d characters of property names, definition names and enum values in all, and this schema has %d", openAIMaxChars, c.chars)
	}
}
