/**
 * Reference catalogues every installation has: products (add-ons), the permission catalogue
 * in its role groups (spec document 2), resource types, integrations and reports.
 */
import { Role } from 'shared/roles';

export const ADDONS = [
  { addOnId: 1, name: 'SiteSense', shortName: 'SS', description: 'The base product: sites, projects and resources.', color: '#1d4ed8', category: null },
  {
    addOnId: 2,
    name: 'Material Control',
    shortName: 'MC',
    description: 'Receipts, shipments, picks, requests and inventory.',
    color: '#0f766e',
    category: null,
  },
  { addOnId: 3, name: 'Progress Tracking', shortName: 'PT', description: 'Progress workflows and preservation plans.', color: '#b45309', category: null },
  { addOnId: 4, name: 'Workforce', shortName: 'WF', description: 'Workers, mustering and check-in.', color: '#7c3aed', category: null },
  { addOnId: 5, name: 'Equipment', shortName: 'EQ', description: 'Tools, equipment and plant assets.', color: '#be123c', category: null },
  { addOnId: 6, name: 'Sensors', shortName: 'SN', description: 'Readers, tags and sensor networks.', color: '#0369a1', category: null },
  { addOnId: 7, name: 'Vendor Portal', shortName: 'VP', description: 'Vendors see and update their own deliveries.', color: '#4d7c0f', category: 'VENDOR' },
] as const;

export const BASE_ADDON_ID = 1;

/** Administrative roles outside the administrative groups: the console's own menu. */
export const ADMINISTRATIVE_ROLES_ELSEWHERE: readonly string[] = [Role.MENU_ADMIN_TOOL_ACCESS];

/** Whether a role of `group` named `name` is administrative. */
export const isAdministrative = (group: { administrative?: true }, name: string) =>
  group.administrative === true || ADMINISTRATIVE_ROLES_ELSEWHERE.includes(name);

type RoleEntry = readonly [name: string, description: string];

/**
 * Role groups in display order, each tied to the product whose holders may get its roles.
 * `administrative`: the group's roles are administrative (given only by someone who holds
 * them, domain/ceiling.ts); every other role is a product role.
 */
export const ROLE_GROUPS: readonly { name: string; addOnId: number | null; administrative?: true; roles: readonly RoleEntry[] }[] = [
  {
    name: 'Administration',
    addOnId: 1,
    administrative: true,
    roles: [
      [Role.ADMINISTER_PROJECT_READ, 'Read project administration'],
      [Role.ADMINISTER_PROJECT_UPDATE, 'Edit, activate and deactivate projects'],
      [Role.ADMINISTER_SITE, 'Administer sites, including archived ones'],
      ['ADMINISTER_READER', 'Administer readers'],
      ['ADMINISTER_SENSOR_NETWORK', 'Administer sensor networks'],
      ['ADMINISTER_SCHEMA', 'Administer the resource schema'],
      ['ADMINISTER_PROJECT_SCHEMA', 'Administer project schemas'],
      ['ADMINISTER_WORK_PERIOD', 'Administer work periods'],
      ['ADMINISTER_WORK_CATEGORY', 'Administer work categories'],
      [Role.ADMINISTER_WORKFLOW, 'Create, copy and view progress track workflows'],
      [Role.EDIT_WORKFLOW, 'View and archive progress track workflows'],
      [Role.ADMINISTER_ROLE, 'Assign roles, user groups and product licences'],
      ['ADMINISTER_REPORT', 'Administer reports'],
      ['ADMINISTER_LIST', 'Administer lists'],
      [Role.ADMINISTER_IMPORT_SYSTEM_USER, 'Enable or disable import systems for users'],
      [Role.ADMINISTER_IMPORT_SYSTEM_DETAILS, 'Administer import systems and integration reports'],
      ['ADMINISTER_CUSTOMER_LICENCE', 'Administer the customer licence'],
      ['ADMINISTER_CUSTOMER_USER', 'Administer customer users'],
      [Role.ADMINISTER_USER_CREATE_UPDATE, 'Create and update users, reset passwords, manage API keys'],
      ['ADMINISTER_USER_UNASSIGN', 'Unassign users from projects'],
      ['ADMINISTER_USER_DELETE', 'Delete users'],
      [Role.ADMINISTER_ASSIGNED_REPORTS, 'Assign reports to users'],
      [Role.ADMINISTER_API_KEYS, 'Manage API keys'],
      [Role.ADMINISTER_PRESERVATION, 'Administer preservation plans'],
      [Role.ACCESS_OTHER_PROJECTS, 'Access projects of other licences'],
      ['ADMINISTER_RESYNC_THIRD_PARTY', 'Resync third-party systems'],
    ],
  },
  {
    name: 'Licence scope',
    addOnId: 1,
    administrative: true,
    roles: [
      [Role.ACCESS_ALL_CUSTOMER_LICENCES, 'Super administrator: every licence, licence list, new and edit, internal configuration, report groups'],
      [Role.ACCESS_MY_CUSTOMER_LICENCE, 'Own licence: view, shortcuts, configuration, resource properties'],
    ],
  },
  {
    name: 'Menus',
    addOnId: 1,
    roles: [
      ['MENU_STATUS_ACCESS', 'Status menu'],
      ['MENU_CONSTRUCTION_ACCESS', 'Construction menu'],
      ['MENU_MATERIAL_CONTROL_ACCESS', 'Material Control menu'],
      ['MENU_IMPORT_DATA_ACCESS', 'Import Data menu'],
      [Role.MENU_ADMIN_TOOL_ACCESS, 'Admin tool (this console): Users, Projects, User Settings'],
    ],
  },
  {
    name: 'Views',
    addOnId: 1,
    roles: [
      ['VIEW_STATUS', 'Status view'],
      ['VIEW_CONSTRUCTION', 'Construction view'],
      ['VIEW_MATERIAL', 'Material view'],
      ['VIEW_EQUIPMENT', 'Equipment view'],
      ['VIEW_WORKFORCE', 'Workforce view'],
      ['VIEW_PLANT_ASSET', 'Plant asset view'],
      ['VIEW_CONSTRUCTIBLE', 'Constructible view'],
      ['VIEW_WORKFACE_PLANNING', 'Workface planning view'],
      ['VIEW_PROJECT_NEEDS', 'Project needs view'],
      ['VIEW_RESOURCE_CHARTS', 'Resource charts'],
      ['VIEW_MAP', 'Map'],
      ['VIEW_SAFETY_REPORT', 'Safety report'],
      ['UPDATE_ATTACHMENT', 'Update attachments'],
      ['UPLOAD_ATTACHMENT', 'Upload attachments'],
      ['ASSIGN_SENSOR', 'Assign sensors'],
      ['UNASSIGN_SENSOR', 'Unassign sensors'],
      ['VIEW_LIST_PERMISSIONS', 'See list permissions'],
      ['EDIT_LIST_PERMISSIONS', 'Edit list permissions'],
      ['CREATE_GEOZONE', 'Create geozones'],
    ],
  },
  {
    name: 'Material Control pages',
    addOnId: 2,
    roles: [
      'NEEDS',
      'FORECAST',
      'ORDERS',
      'SHIPMENTS',
      'DELIVERY',
      'RECEIPTS',
      'UOSDS',
      'STORAGE',
      'INVENTORY',
      'TRANSFERS',
      'REQUESTS',
      'ISSUING',
      'PICKS',
      'RETURNS',
      'CABLE_SCHEDULE',
    ].map((page) => [`VIEW_MC_${page}`, `Material Control page: ${page.toLowerCase().replace('_', ' ')}`] as const),
  },
  {
    name: 'Material control',
    addOnId: 2,
    roles: [
      ['POST_RECEIPT', 'Post receipts'],
      ['UNPOST_RECEIPT', 'Unpost receipts'],
      ['POST_SHIPMENT', 'Post shipments'],
      ['POST_PICKNOTE', 'Post pick notes'],
      ['APPROVE_REQUEST', 'Approve requests'],
      ['UPDATE_LINE_ITEMS', 'Update line items'],
      ['CREATE_RECEIPT_FROM_SHIPMENT', 'Create a receipt from a shipment'],
      ['CREATE_RECEIPT_FROM_PO', 'Create a receipt from a purchase order'],
      ['CREATE_PO_FROM_REQUEST', 'Create a purchase order from a request'],
      ['CREATE_SHIPMENT', 'Create shipments'],
      ['UPDATE_PO_DATES', 'Update purchase order dates'],
      ['UPDATE_PO_STATUS', 'Update purchase order status'],
      ['UPDATE_TRANSFERS', 'Update transfers'],
      ['BUILD_DOCUMENTS', 'Build documents'],
      ['DELETE_DOCUMENT', 'Delete documents'],
    ],
  },
  {
    name: 'Resource edit',
    addOnId: 1,
    roles: [
      ...['WORKFORCE', 'MATERIAL', 'EQUIPMENT', 'REF_DOCUMENT', 'PACKAGE', 'PLANT_ASSET', 'CONSTRUCTIBLE', 'VEHICLE', 'GENERIC', 'ALL_CLASSES'].flatMap(
        (kind) =>
          [
            [`CREATE_RESOURCE_${kind}`, `Create resources: ${kind.toLowerCase().replace('_', ' ')}`],
            [`VIEW_RESOURCE_${kind}`, `View resources: ${kind.toLowerCase().replace('_', ' ')}`],
            [`EDIT_RESOURCE_${kind}`, `Edit resources: ${kind.toLowerCase().replace('_', ' ')}`],
          ] as const,
      ),
      ['DECOMMISSION_RESOURCE', 'Decommission resources'],
      ['EDIT_RESOURCE_COMPONENT', 'Edit resource components'],
      ['EDIT_QUANTITY_IN_PACKAGE', 'Edit quantity in package'],
    ],
  },
  {
    name: 'Reports',
    addOnId: 1,
    roles: ['INVENTORY', 'MATERIAL_CONTROL', 'PROGRESS', 'PRESERVATION', 'WORKFORCE', 'EQUIPMENT', 'SAFETY', 'EXPORT'].map(
      (area) => [`REPORT_${area}`, `Reports: ${area.toLowerCase().replace('_', ' ')}`] as const,
    ),
  },
  {
    name: 'Data import',
    addOnId: 1,
    roles: [
      ['IMPORT_RESOURCES', 'Import resources'],
      ['IMPORT_SITES', 'Import sites'],
      ['IMPORT_PURCHASE_ORDERS', 'Import purchase orders'],
      ['IMPORT_WORKFORCE', 'Import workforce'],
      ['EXPORT_RESOURCES', 'Export resources'],
      ['RUN_INTEGRATIONS', 'Run integrations on demand'],
    ],
  },
  {
    name: 'Safety',
    addOnId: 4,
    roles: [
      ['RECORD_INCIDENT', 'Record incidents'],
      ['CLOSE_INCIDENT', 'Close incidents'],
      ['VIEW_INCIDENTS', 'See incidents'],
      ['ADMINISTER_SAFETY_FORMS', 'Administer safety forms'],
    ],
  },
  {
    name: 'Progress and preservation',
    addOnId: 3,
    roles: [
      ['UPDATE_PROGRESS_ITEM', 'Update progress items'],
      ['SEQUENTIAL_PROGRESS_UPDATE', 'Update progress items in sequence'],
      ['UPDATE_PRESERVATION_ITEM_INTERVAL', 'Change a preservation item interval'],
      ['PRESERVATION_NOT_APPLICABLE', 'Mark preservation not applicable'],
      ['VIEW_PRESERVATION_DETAILS', 'Preservation details'],
    ],
  },
  {
    name: 'Workforce',
    addOnId: 4,
    roles: [
      ['MOBILE_MUSTER_TOOL', 'Mobile muster tool'],
      ['MOBILE_START_MUSTER', 'Start a muster'],
      ['MOBILE_CHECK_IN_WORKER', 'Check in workers'],
      ['MOBILE_WORKER_TOOL', 'Mobile worker tool'],
    ],
  },
  {
    name: 'Equipment',
    addOnId: 5,
    roles: [
      ['MOBILE_EQUIPMENT_TOOL', 'Mobile equipment tool'],
      ['CHECK_OUT_EQUIPMENT', 'Check equipment out'],
      ['CHECK_IN_EQUIPMENT', 'Check equipment in'],
      ['SET_EQUIPMENT_STATUS', 'Set equipment status'],
    ],
  },
  {
    name: 'Sensors',
    addOnId: 6,
    roles: [
      ['VIEW_SENSOR_READINGS', 'Sensor readings'],
      ['CONFIGURE_SENSOR_ALERTS', 'Configure sensor alerts'],
    ],
  },
  {
    name: 'Vendor portal',
    addOnId: 7,
    roles: [
      ['VENDOR_VIEW_ORDERS', 'Vendors see their purchase orders'],
      ['VENDOR_UPDATE_SHIPMENTS', 'Vendors update their shipments'],
    ],
  },
];

/** 'ADMINISTER_PROJECT_READ' → 'Administer Project Read'. */
export function friendlyName(name: string): string {
  return name
    .split('_')
    .map((word) => (['MC', 'PO'].includes(word) ? word : word.charAt(0) + word.slice(1).toLowerCase()))
    .join(' ');
}

export const ADJUSTMENT_TYPE = 707;

export const RESOURCE_TYPES = [
  { typeNumber: 1, typeName: 'Workforce' },
  { typeNumber: 2, typeName: 'Material' },
  { typeNumber: 3, typeName: 'Equipment' },
  { typeNumber: 4, typeName: 'Ref Document' },
  { typeNumber: 5, typeName: 'Package' },
  { typeNumber: 6, typeName: 'Plant Asset' },
  { typeNumber: 7, typeName: 'Constructible' },
  { typeNumber: 8, typeName: 'Vehicle' },
  { typeNumber: 9, typeName: 'Generic' },
  { typeNumber: ADJUSTMENT_TYPE, typeName: 'Adjustment' },
] as const;

export const INTEGRATIONS = [
  { integrationName: 'Procore', imgUrl: '/integrations/procore.svg', description: 'Projects, RFIs and submittals.' },
  { integrationName: 'Autodesk Construction Cloud', imgUrl: '/integrations/acc.svg', description: 'Models and documents.' },
  { integrationName: 'SAP S/4HANA', imgUrl: '/integrations/sap.svg', description: 'Purchase orders and goods receipts.' },
  { integrationName: 'Oracle Primavera P6', imgUrl: '/integrations/p6.svg', description: 'Schedules and activities.' },
  { integrationName: 'Microsoft Power BI', imgUrl: '/integrations/powerbi.svg', description: 'Report datasets.' },
] as const;

export const REPORTS = [
  ['/Inventory/Stock On Hand', 'Stock On Hand'],
  ['/Inventory/Stock Movements', 'Stock Movements'],
  ['/Material Control/Open Purchase Orders', 'Open Purchase Orders'],
  ['/Material Control/Receipts By Day', 'Receipts By Day'],
  ['/Material Control/Overdue Shipments', 'Overdue Shipments'],
  ['/Progress/Progress Summary', 'Progress Summary'],
  ['/Progress/Earned Value', 'Earned Value'],
  ['/Preservation/Due This Week', 'Preservation Due This Week'],
  ['/Preservation/Overdue Preservation', 'Overdue Preservation'],
  ['/Workforce/Muster Report', 'Muster Report'],
  ['/Workforce/Hours By Trade', 'Hours By Trade'],
  ['/Equipment/Equipment Utilisation', 'Equipment Utilisation'],
  ['/Equipment/Calibration Due', 'Calibration Due'],
  ['/Safety/Incidents', 'Safety Incidents'],
] as const;
