// Package suitefuzz holds validators compiled by `toolgen schema` from a
// selection of the JSON Schema Test Suite's schemas of drafts 2020-12,
// 2019-09 and 7 (MIT, see testdata/jsonschema-test-suite/LICENSE), and five
// of its own (draft-04 and draft-06 schemas, formats, number keywords), for
// the fuzz tests that compare them with santhosh-tekuri/jsonschema. Together
// they use every keyword and draft toolgen compiles.
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
//go:generate go tool toolgen schema -o unevaluated_properties_dynamic_gen.go -func ValidateUnevaluatedPropertiesDynamic schemas/unevaluated_properties_dynamic.json
//go:generate go tool toolgen schema -o unevaluated_properties_if_gen.go -func ValidateUnevaluatedPropertiesIf schemas/unevaluated_properties_if.json
//go:generate go tool toolgen schema -o unevaluated_items_contains_gen.go -func ValidateUnevaluatedItemsContains schemas/unevaluated_items_contains.json
//go:generate go tool toolgen schema -o unevaluated_items_any_of_gen.go -func ValidateUnevaluatedItemsAnyOf schemas/unevaluated_items_any_of.json
//go:generate go tool toolgen schema -o dynamic_ref_paths_gen.go -func ValidateDynamicRefPaths schemas/dynamic_ref_paths.json
//go:generate go tool toolgen schema -o dynamic_ref_first_gen.go -func ValidateDynamicRefFirst schemas/dynamic_ref_first.json
//go:generate go tool toolgen schema -o recursive_ref_nesting_gen.go -func ValidateRecursiveRefNesting schemas/recursive_ref_nesting.json
//go:generate go tool toolgen schema -o unevaluated_items_2019_gen.go -func ValidateUnevaluatedItems2019 schemas/unevaluated_items_2019.json
//go:generate go tool toolgen schema -o draft7_items_subitems_gen.go -func ValidateDraft7ItemsSubitems schemas/draft7_items_subitems.json
//go:generate go tool toolgen schema -o draft7_dependencies_gen.go -func ValidateDraft7Dependencies schemas/draft7_dependencies.json
//go:generate go tool toolgen schema -o draft7_ref_siblings_gen.go -func ValidateDraft7RefSiblings schemas/draft7_ref_siblings.json
//go:generate go tool toolgen schema -o content_schema_gen.go -func ValidateContentSchema schemas/content_schema.json
//go:generate go tool toolgen schema -o draft4_bounds_gen.go -func ValidateDraft4Bounds schemas/draft4_bounds.json
//go:generate go tool toolgen schema -o openapi_formats_gen.go -func ValidateOpenapiFormats schemas/openapi_formats.json
//go:generate go tool toolgen schema -o draft6_keywords_gen.go -func ValidateDraft6Keywords schemas/draft6_keywords.json
//go:generate go tool toolgen schema -o number_keywords_gen.go -func ValidateNumberKeywords schemas/number_keywords.json
//go:generate go tool toolgen schema -o number_keywords_draft4_gen.go -func ValidateNumberKeywordsDraft4 schemas/number_keywords_draft4.json

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
	{"unevaluated_properties_dynamic", "draft2020-12/unevaluatedProperties.json: dynamic evalation inside nested refs", ValidateUnevaluatedPropertiesDynamic},
	{"unevaluated_properties_if", "draft2020-12/unevaluatedProperties.json: unevaluatedProperties with if/then/else", ValidateUnevaluatedPropertiesIf},
	{"unevaluated_items_contains", "draft2020-12/unevaluatedItems.json: unevaluatedItems depends on multiple nested contains", ValidateUnevaluatedItemsContains},
	{"unevaluated_items_any_of", "draft2020-12/unevaluatedItems.json: unevaluatedItems with anyOf", ValidateUnevaluatedItemsAnyOf},
	{"dynamic_ref_paths", "draft2020-12/dynamicRef.json: multiple dynamic paths to the $dynamicRef keyword", ValidateDynamicRefPaths},
	{"dynamic_ref_first", "draft2020-12/dynamicRef.json: A $dynamicRef resolves to the first $dynamicAnchor still in scope that is encountered when the schema is evaluated", ValidateDynamicRefFirst},
	{"recursive_ref_nesting", "draft2019-09/recursiveRef.json: $recursiveRef with nesting", ValidateRecursiveRefNesting},
	{"unevaluated_items_2019", "draft2019-09/unevaluatedItems.json: unevaluatedItems with nested tuple", ValidateUnevaluatedItems2019},
	{"draft7_items_subitems", "draft7/items.json: items and subitems", ValidateDraft7ItemsSubitems},
	{"draft7_dependencies", "draft7/dependencies.json: multiple dependencies subschema", ValidateDraft7Dependencies},
	{"draft7_ref_siblings", "draft7/ref.json: ref overrides any sibling keywords", ValidateDraft7RefSiblings},
	{"content_schema", "draft2020-12/content.json: validation of binary-encoded media type documents with schema", ValidateContentSchema},
	{"draft4_bounds", "draft-04 (toolgen's): boolean exclusiveMinimum and exclusiveMaximum, id, $ref siblings, items array, dependencies", ValidateDraft4Bounds},
	{"openapi_formats", "toolgen's: uri-template, and OpenAPI's int32, int64, byte, float and password formats", ValidateOpenapiFormats},
	{"draft6_keywords", "draft-06 (toolgen's): numeric exclusive bounds, const, contains, propertyNames, dependencies, a plain-name $id, if ignored", ValidateDraft6Keywords},
}

// NumberSchemas lists toolgen's schemas of number keywords, beside the
// suite's, for FuzzNumbers: bounds, enums, const and multipleOf at numbers
// where a float64 is not the number it was read from (1e23, 8e24, 1e308,
// 1e-400, beyond 2^53), with draft-04's boolean exclusive bounds.
var NumberSchemas = []Schema{
	{"number_keywords", "toolgen's: minimum, maximum, exclusive bounds, enum, const, multipleOf, integer, uniqueItems", ValidateNumberKeywords},
	{"number_keywords_draft4", "toolgen's: draft-04's boolean exclusiveMinimum and exclusiveMaximum", ValidateNumberKeywordsDraft4},
}
