// Package suitefuzz holds validators compiled by `toolgen schema` from a
// selection of the JSON Schema Test Suite's draft 2020-12 schemas (MIT, see
// testdata/jsonschema-test-suite/LICENSE), for the fuzz test that compares
// them with santhosh-tekuri/jsonschema.
package suitefuzz

import "github.com/toolgen-go/toolgen/runtime/tool"

//go:generate go tool toolgen schema -o tree_gen.go -func ValidateTree schemas/tree.json
//go:generate go tool toolgen schema -o root_pointer_gen.go -func ValidateRootPointer schemas/root_pointer.json
//go:generate go tool toolgen schema -o any_of_complex_gen.go -func ValidateAnyOfComplex schemas/any_of_complex.json
//go:generate go tool toolgen schema -o one_of_complex_gen.go -func ValidateOneOfComplex schemas/one_of_complex.json
//go:generate go tool toolgen schema -o one_of_required_gen.go -func ValidateOneOfRequired schemas/one_of_required.json
//go:generate go tool toolgen schema -o all_of_base_gen.go -func ValidateAllOfBase schemas/all_of_base.json
//go:generate go tool toolgen schema -o if_then_else_gen.go -func ValidateIfThenElse schemas/if_then_else.json
//go:generate go tool toolgen schema -o contains_gen.go -func ValidateContains schemas/contains.json
//go:generate go tool toolgen schema -o min_max_contains_gen.go -func ValidateMinMaxContains schemas/min_max_contains.json
//go:generate go tool toolgen schema -o unique_items_gen.go -func ValidateUniqueItems schemas/unique_items.json
//go:generate go tool toolgen schema -o pattern_properties_gen.go -func ValidatePatternProperties schemas/pattern_properties.json
//go:generate go tool toolgen schema -o properties_interaction_gen.go -func ValidatePropertiesInteraction schemas/properties_interaction.json
//go:generate go tool toolgen schema -o property_names_gen.go -func ValidatePropertyNames schemas/property_names.json
//go:generate go tool toolgen schema -o dependent_schemas_gen.go -func ValidateDependentSchemas schemas/dependent_schemas.json
//go:generate go tool toolgen schema -o dependent_required_gen.go -func ValidateDependentRequired schemas/dependent_required.json
//go:generate go tool toolgen schema -o enum_gen.go -func ValidateEnum schemas/enum.json
//go:generate go tool toolgen schema -o const_object_gen.go -func ValidateConstObject schemas/const_object.json
//go:generate go tool toolgen schema -o multiple_of_gen.go -func ValidateMultipleOf schemas/multiple_of.json
//go:generate go tool toolgen schema -o type_array_gen.go -func ValidateTypeArray schemas/type_array.json
//go:generate go tool toolgen schema -o prefix_items_closed_gen.go -func ValidatePrefixItemsClosed schemas/prefix_items_closed.json
//go:generate go tool toolgen schema -o not_complex_gen.go -func ValidateNotComplex schemas/not_complex.json
//go:generate go tool toolgen schema -o max_length_gen.go -func ValidateMaxLength schemas/max_length.json

// Schema is a suite schema and its generated validator.
type Schema struct {
	Name     string // the schema file under schemas/, without .json
	Origin   string // suite file and group
	Validate func(any) tool.Errors
}

// Schemas lists the compiled suite schemas.
var Schemas = []Schema{
	{"tree", "ref.json: Recursive references between schemas", ValidateTree},
	{"root_pointer", "ref.json: root pointer ref", ValidateRootPointer},
	{"any_of_complex", "anyOf.json: anyOf complex types", ValidateAnyOfComplex},
	{"one_of_complex", "oneOf.json: oneOf complex types", ValidateOneOfComplex},
	{"one_of_required", "oneOf.json: oneOf with required", ValidateOneOfRequired},
	{"all_of_base", "allOf.json: allOf with base schema", ValidateAllOfBase},
	{"if_then_else", "if-then-else.json: validate against correct branch, then vs else", ValidateIfThenElse},
	{"contains", "contains.json: contains keyword validation", ValidateContains},
	{"min_max_contains", "maxContains.json: minContains < maxContains", ValidateMinMaxContains},
	{"unique_items", "uniqueItems.json: uniqueItems validation", ValidateUniqueItems},
	{"pattern_properties", "patternProperties.json: multiple simultaneous patternProperties are validated", ValidatePatternProperties},
	{"properties_interaction", "properties.json: properties, patternProperties, additionalProperties interaction", ValidatePropertiesInteraction},
	{"property_names", "propertyNames.json: propertyNames validation", ValidatePropertyNames},
	{"dependent_schemas", "dependentSchemas.json: single dependency", ValidateDependentSchemas},
	{"dependent_required", "dependentRequired.json: multiple dependents required", ValidateDependentRequired},
	{"enum", "enum.json: heterogeneous enum validation", ValidateEnum},
	{"const_object", "const.json: const with object", ValidateConstObject},
	{"multiple_of", "multipleOf.json: by number", ValidateMultipleOf},
	{"type_array", "type.json: multiple types can be specified in an array", ValidateTypeArray},
	{"prefix_items_closed", "items.json: prefixItems with no additional items allowed", ValidatePrefixItemsClosed},
	{"not_complex", "not.json: not more complex schema", ValidateNotComplex},
	{"max_length", "maxLength.json: maxLength validation", ValidateMaxLength},
}
