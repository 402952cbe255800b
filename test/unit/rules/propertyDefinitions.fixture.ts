/** The property definitions the value-rule tests assign values of. */
export const DEFINITIONS = `- id: io.acryl.privacy.retentionTime
  type: number
  entity_types: [dataset]
  allowed_values:
    - value: 30
      description: 30 days
    - value: 90
    - value: 365
- id: projectNames
  type: string
  cardinality: MULTIPLE
  entity_types: [dataset, schemaField]
  allowed_values:
    - value: Tracking
    - value: DataHub
- id: io.acryl.dataManagement.deprecationDate
  type: date
  entity_types: [dataset, schemaField]
- id: io.acryl.dataManagement.steward
  type: urn
  type_qualifier:
    allowed_types: [corpuser, corpGroup]
  entity_types: [dataset]
- id: io.acryl.dataManagement.certifier
  type: urn
  entity_types: [dataset, schemaField]
- id: io.acryl.dataManagement.team
  type: string
  entity_types: [dataset]
- id: io.acryl.notes
  type: rich_text
  cardinality: MULTIPLE
  entity_types: [dataset]
`;
