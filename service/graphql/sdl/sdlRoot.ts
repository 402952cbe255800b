/** Part of the local GraphQL schema (see ../schema.ts): The query and mutation roots. */
export const ROOT_SDL = `
schema {
  query: Query
  mutation: Mutation
}

type Query {
  dataPlatform(urn: String!): DataPlatform
  corpUser(urn: String!): CorpUser
  dataset(urn: String!): Dataset
  dashboard(urn: String!): Dashboard
  chart(urn: String!): Chart
  dataFlow(urn: String!): DataFlow
  dataJob(urn: String!): DataJob
  structuredProperty(urn: String!): StructuredPropertyEntity
  mlPrimaryKey(urn: String!): MLPrimaryKey
  entityExists(urn: String!): Boolean
  entity(urn: String!): Entity
  entities(urns: [String!]!, checkForExistence: Boolean): [Entity]
  searchAcrossEntities(input: SearchAcrossEntitiesInput!): SearchResults
  scrollAcrossEntities(input: ScrollAcrossEntitiesInput!): ScrollResults
  searchAcrossLineage(input: SearchAcrossLineageInput!): SearchAcrossLineageResults
  scrollAcrossLineage(input: ScrollAcrossLineageInput!): ScrollAcrossLineageResults
  autoComplete(input: AutoCompleteInput!): AutoCompleteResults
  autoCompleteForMultiple(input: AutoCompleteMultipleInput!): AutoCompleteMultipleResults
}

type Mutation {
  updateLineage(input: UpdateLineageInput!): Boolean
}
`;
