/**
 * The demo data as plain values: licences, people, projects and their site trees,
 * workflows and preservations. `demo.ts` writes it.
 */
import { Role, type RoleName } from 'shared/roles';

export const DAY = 86_400_000;

export interface DemoLicense {
  key: string;
  name: string;
  company: string;
  licenseType: string;
  maxProjects: number;
  maxUsers: number;
  /** Days from now; negative is past; null never expires. */
  expiresInDays: number | null;
  notificationDays: number[];
  environments: ('production' | 'uat')[];
  addons: Record<number, number>;
  vendors: string[];
  integrations: string[];
  sso: boolean;
  customerCode?: string;
  opportunityId?: string;
  createdYearsAgo: number;
}

export const LICENCES: DemoLicense[] = [
  {
    key: 'internal',
    name: 'SiteSense Internal',
    company: 'SiteSense Ltd',
    licenseType: 'Internal',
    maxProjects: -1,
    maxUsers: -1,
    expiresInDays: null,
    notificationDays: [],
    environments: ['production', 'uat'],
    addons: { 1: -1, 2: -1, 3: -1, 4: -1, 5: -1, 6: -1, 7: 0 },
    vendors: [],
    integrations: [],
    sso: false,
    createdYearsAgo: 8,
  },
  {
    key: 'northwind',
    name: 'Northwind Construction',
    company: 'Northwind Construction Pty Ltd',
    licenseType: 'Enterprise',
    maxProjects: 10,
    maxUsers: 80,
    expiresInDays: 400,
    notificationDays: [7, 30, 60],
    environments: ['production', 'uat'],
    addons: { 1: 80, 2: 40, 3: 25, 4: 30, 5: 0, 6: -1, 7: 10 },
    vendors: ['Acme Steel', 'Blue River Concrete', 'Coastal Electrical'],
    integrations: ['Procore', 'Microsoft Power BI'],
    sso: false,
    customerCode: 'NWC-001',
    opportunityId: 'OPP-2231',
    createdYearsAgo: 6,
  },
  {
    key: 'harbour',
    name: 'Harbour Bridge JV',
    company: 'Harbour Bridge Joint Venture',
    licenseType: 'Standard',
    maxProjects: 4,
    maxUsers: 20,
    expiresInDays: 30,
    notificationDays: [30, 14, 7],
    environments: ['production'],
    addons: { 1: 20, 2: 10, 3: 10, 4: 0, 5: 5, 6: 0, 7: 0 },
    vendors: [],
    integrations: ['SAP S/4HANA'],
    sso: true,
    customerCode: 'HBJ-114',
    createdYearsAgo: 2,
  },
  {
    key: 'oldmill',
    name: 'Old Mill Renovation',
    company: 'Old Mill Heritage Builders',
    licenseType: 'Standard',
    maxProjects: 2,
    maxUsers: 10,
    expiresInDays: -20,
    notificationDays: [30],
    environments: ['production'],
    addons: { 1: 10, 2: 0, 3: 5, 4: 0, 5: 0, 6: 0, 7: 0 },
    vendors: [],
    integrations: [],
    sso: false,
    createdYearsAgo: 3,
  },
];

/** Everything this console checks, for the super administrator. */
export const SUPER_ROLES: string[] = Object.values(Role);

export const LICENCE_ADMIN_ROLES: RoleName[] = [
  Role.ACCESS_MY_CUSTOMER_LICENCE,
  Role.MENU_ADMIN_TOOL_ACCESS,
  Role.ADMINISTER_PROJECT_READ,
  Role.ADMINISTER_PROJECT_UPDATE,
  Role.ADMINISTER_SITE,
  Role.ADMINISTER_USER_CREATE_UPDATE,
  Role.ADMINISTER_API_KEYS,
  Role.ADMINISTER_ROLE,
  Role.ADMINISTER_IMPORT_SYSTEM_USER,
  Role.ADMINISTER_IMPORT_SYSTEM_DETAILS,
  Role.ADMINISTER_ASSIGNED_REPORTS,
  Role.ADMINISTER_WORKFLOW,
  Role.EDIT_WORKFLOW,
  Role.ADMINISTER_PRESERVATION,
];

export const PROJECT_ADMIN_ROLES: string[] = [Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_PROJECT_READ, Role.ADMINISTER_SITE, Role.EDIT_WORKFLOW];

/** The roles every worker has: the base product's (SiteSense, add-on 1). */
const BASE_WORKER_ROLES: string[] = ['MENU_STATUS_ACCESS', 'VIEW_STATUS', 'VIEW_MATERIAL'];

/** A worker's roles of the other products, by add-on: Progress Tracking (3), Workforce (4). */
const PRODUCT_WORKER_ROLES: Record<number, string[]> = { 3: ['UPDATE_PROGRESS_ITEM'], 4: ['MOBILE_WORKER_TOOL'] };

/**
 * A worker's roles for the product licences `addons` they hold: never a role without its
 * product licence (issue 22: such a role is flagged in the console, not demo data).
 */
export function workerRoles(addons: readonly number[]): string[] {
  return [...BASE_WORKER_ROLES, ...addons.flatMap((addOnId) => PRODUCT_WORKER_ROLES[addOnId] ?? [])];
}

export interface DemoUser {
  userName: string;
  firstName: string;
  lastName: string;
  license: string;
  position: string;
  roles: string[];
  addons: number[];
  projects: string[];
  password: 'admin' | 'demo' | null;
  email?: string;
  phoneNumber?: string;
  twoFactor?: boolean;
  mustUpdatePassword?: boolean;
  locked?: boolean;
  inactive?: boolean;
  sso?: boolean;
  comment?: string;
  /** Days since the last sign-in (null: never signed in); a recent random day when absent. */
  lastSignInDaysAgo?: number | null;
  /** Days since the account was made; a random day in the last two years when absent. */
  createdDaysAgo?: number;
}

export const PEOPLE: DemoUser[] = [
  {
    userName: 'admin',
    firstName: 'Ada',
    lastName: 'Administrator',
    license: 'internal',
    position: 'Platform administrator',
    roles: SUPER_ROLES,
    addons: [1, 2, 3, 4, 5, 6],
    projects: [],
    password: 'admin',
    email: 'admin@sitesense.example',
  },
  {
    userName: 'licadmin',
    firstName: 'Liam',
    lastName: 'Carter',
    license: 'northwind',
    position: 'Licence administrator',
    roles: LICENCE_ADMIN_ROLES,
    addons: [1, 2, 3, 4],
    projects: ['Northwind Tower A', 'Northwind Tower B', 'Northwind Logistics Hub'],
    password: 'demo',
    phoneNumber: '+61 2 5550 1001',
  },
  {
    userName: 'psingh',
    firstName: 'Priya',
    lastName: 'Singh',
    license: 'northwind',
    position: 'Project engineer',
    roles: PROJECT_ADMIN_ROLES,
    addons: [1, 3],
    projects: ['Northwind Tower A', 'Tower A Fit-out'],
    password: 'demo',
  },
  {
    userName: 'jsmith',
    firstName: 'John',
    lastName: 'Smith',
    license: 'northwind',
    position: 'Site supervisor',
    roles: workerRoles([1, 3]),
    addons: [1, 3],
    projects: ['Northwind Tower A'],
    password: 'demo',
  },
  {
    userName: 'mchen',
    firstName: 'Mei',
    lastName: 'Chen',
    license: 'northwind',
    position: 'Materials coordinator',
    roles: workerRoles([1, 2]),
    addons: [1, 2],
    projects: ['Northwind Logistics Hub'],
    password: 'demo',
    twoFactor: true,
    comment: 'Signs in with a code sent by e-mail.',
  },
  {
    userName: 'newhire',
    firstName: 'Noah',
    lastName: 'Hale',
    license: 'northwind',
    position: 'Graduate engineer',
    roles: workerRoles([1]),
    addons: [1],
    projects: ['Northwind Tower B'],
    password: 'demo',
    mustUpdatePassword: true,
    comment: 'Must choose a new password at first sign-in.',
  },
  {
    userName: 'locked.user',
    firstName: 'Lara',
    lastName: 'Lock',
    license: 'northwind',
    position: 'Storeperson',
    roles: workerRoles([1, 2]),
    addons: [1, 2],
    projects: ['Northwind Logistics Hub'],
    password: 'demo',
    locked: true,
  },
  {
    userName: 'inactive.user',
    firstName: 'Ian',
    lastName: 'Idle',
    license: 'northwind',
    position: 'Former contractor',
    roles: workerRoles([1]),
    addons: [1],
    projects: [],
    password: 'demo',
    inactive: true,
  },
  {
    userName: 'pwhite',
    firstName: 'Paula',
    lastName: 'White',
    license: 'harbour',
    position: 'Licence administrator',
    roles: LICENCE_ADMIN_ROLES,
    addons: [1, 2, 3],
    projects: ['Harbour Bridge Deck', 'North Approach'],
    password: 'demo',
  },
  {
    userName: 'dana.lee@harbourbridge.example',
    firstName: 'Dana',
    lastName: 'Lee',
    license: 'harbour',
    position: 'Bridge engineer',
    roles: [...workerRoles([1, 3]), Role.MENU_ADMIN_TOOL_ACCESS],
    addons: [1, 3],
    projects: ['Harbour Bridge Deck'],
    password: null,
    sso: true,
    email: 'dana.lee@harbourbridge.example',
    comment: 'Signs in with single sign-on.',
  },
  {
    userName: 'tbrown',
    firstName: 'Tom',
    lastName: 'Brown',
    license: 'oldmill',
    position: 'Site manager',
    roles: LICENCE_ADMIN_ROLES,
    addons: [1, 3],
    projects: ['Old Mill Phase 1'],
    password: 'demo',
  },
  // Old Mill's crew: three dormant accounts holding seats (the seat dashboard): directly, both ways
  // (SiteSense directly, Progress Tracking through Mill Heritage Crew), and only through the group.
  {
    userName: 'edith.marsh',
    firstName: 'Edith',
    lastName: 'Marsh',
    license: 'oldmill',
    position: 'Joiner',
    roles: workerRoles([1, 3]),
    addons: [1, 3],
    projects: ['Old Mill Phase 1'],
    password: 'demo',
    lastSignInDaysAgo: 400,
    createdDaysAgo: 900,
  },
  {
    userName: 'walter.finch',
    firstName: 'Walter',
    lastName: 'Finch',
    license: 'oldmill',
    position: 'Stonemason',
    roles: workerRoles([1]),
    addons: [1],
    projects: ['Old Mill Phase 1'],
    password: 'demo',
    lastSignInDaysAgo: 120,
    createdDaysAgo: 700,
  },
  {
    userName: 'nora.quill',
    firstName: 'Nora',
    lastName: 'Quill',
    license: 'oldmill',
    position: 'Conservation architect',
    roles: [],
    addons: [],
    projects: [],
    password: 'demo',
    lastSignInDaysAgo: null,
    createdDaysAgo: 200,
  },
  {
    userName: 'owen.pike',
    firstName: 'Owen',
    lastName: 'Pike',
    license: 'oldmill',
    position: 'Carpenter',
    roles: workerRoles([1, 3]),
    addons: [1, 3],
    projects: ['Old Mill Phase 1'],
    password: 'demo',
    lastSignInDaysAgo: 2,
    createdDaysAgo: 500,
  },
];

const FIRST = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Harper',
  'Rowan',
  'Emerson',
  'Hayden',
  'Kai',
  'Reese',
  'Skyler',
  'Parker',
  'Finley',
  'Dakota',
];
const LAST = [
  'Nguyen',
  'Patel',
  'Garcia',
  'Okafor',
  'Kowalski',
  'Rossi',
  'Murphy',
  "O'Brien",
  'Tanaka',
  'Silva',
  'Müller',
  'Haddad',
  'Andersen',
  'Dubois',
  'Kim',
  'Novak',
  'Fraser',
  'Ibrahim',
  'Costa',
  'Walsh',
];
const POSITIONS = [
  'Rigger',
  'Electrician',
  'Storeperson',
  'Foreman',
  'Crane operator',
  'Surveyor',
  'Welder',
  'Safety officer',
  'Quantity surveyor',
  'Scaffolder',
];
const COMPANIES = ['Northwind Construction', 'Acme Steel', 'Blue River Concrete', 'Coastal Electrical'];

/** Northwind's crew: enough people that the user list pages (25 a page). */
export function crew(count: number): DemoUser[] {
  return Array.from({ length: count }, (_, i) => {
    const firstName = FIRST[i % FIRST.length]!;
    const lastName = LAST[(i * 7) % LAST.length]!;
    const userName =
      `${firstName}.${lastName}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z.]/g, '') + (i >= FIRST.length ? i : '');
    const addons = i % 3 === 0 ? [1, 2] : i % 3 === 1 ? [1, 3] : [1];
    return {
      userName,
      firstName,
      lastName,
      license: 'northwind',
      position: POSITIONS[i % POSITIONS.length]!,
      roles: workerRoles(addons),
      addons,
      projects: [i % 2 === 0 ? 'Northwind Tower A' : 'Northwind Logistics Hub'],
      password: 'demo',
      comment: i % 5 === 0 ? `Works for ${COMPANIES[i % COMPANIES.length]}` : undefined,
      inactive: i % 11 === 10,
      // A few have not signed in for months: dormant accounts holding seats (the seat dashboard).
      lastSignInDaysAgo: i % 9 === 4 ? 95 + i * 7 : undefined,
      createdDaysAgo: i % 9 === 4 ? 300 + i * 7 : undefined,
    };
  });
}

export interface DemoSite {
  name: string;
  siteClass?: 'area' | 'warehouse' | 'bin' | 'muster' | 'site';
  active?: boolean;
  siteTypes?: Record<string, boolean>;
  children?: DemoSite[];
}

const bins = (...names: string[]): DemoSite[] => names.map((name) => ({ name, siteClass: 'bin', siteTypes: { receivable: true, issuable: true } }));

export interface DemoProject {
  name: string;
  license: string;
  description: string;
  parent?: string;
  active?: boolean;
  environment?: 'production' | 'uat';
  sites: DemoSite[];
  imports: { displayName: string; path: string; description: string; isInternal?: boolean; active?: boolean }[];
}

export const PROJECTS: DemoProject[] = [
  {
    name: 'Northwind Tower A',
    license: 'northwind',
    description: '42-storey commercial tower, steel frame and curtain wall.',
    sites: [
      {
        name: 'Laydown Yard',
        siteClass: 'area',
        children: [
          {
            name: 'Zone A',
            siteClass: 'area',
            children: [
              { name: 'Row 1', siteClass: 'area', children: bins('Bin 1', 'Bin 2', 'Bin 3') },
              { name: 'Row 2', siteClass: 'area', children: bins('Bin 1') },
            ],
          },
          { name: 'Zone B', siteClass: 'area', children: [{ name: 'Row 1', siteClass: 'area', children: bins('Bin 1', 'Bin 2') }] },
        ],
      },
      {
        name: 'Main Warehouse',
        siteClass: 'warehouse',
        siteTypes: { receivable: true, issuable: true },
        children: [
          {
            name: 'Aisle 1',
            siteClass: 'area',
            children: [
              { name: 'Shelf A', siteClass: 'area', children: bins('Bin 01', 'Bin 02') },
              { name: 'Shelf B', siteClass: 'area', children: bins('Bin 01') },
            ],
          },
          { name: 'Aisle 2', siteClass: 'area', children: [{ name: 'Shelf A', siteClass: 'area' }] },
          { name: 'Quarantine Cage', siteClass: 'area', siteTypes: { quarantine: true } },
          { name: 'Tool Crib', siteClass: 'area', siteTypes: { toolsAndEquipment: true, issuable: true } },
        ],
      },
      { name: 'Muster Point North', siteClass: 'muster' },
      {
        name: 'Level 1',
        siteClass: 'site',
        children: [
          { name: 'Core', siteClass: 'site' },
          { name: 'East Wing', siteClass: 'site', children: [{ name: 'Room 101', siteClass: 'site' }] },
        ],
      },
      { name: 'Old Compound', siteClass: 'area', active: false, children: [{ name: 'Shed 1', siteClass: 'area', active: false }] },
    ],
    imports: [
      { displayName: 'Primavera Schedule', path: '/imports/p6/schedule', description: 'Nightly schedule export from P6.' },
      { displayName: 'SAP Purchase Orders', path: '/imports/sap/purchase-orders', description: 'Purchase orders and line items.' },
      { displayName: 'Steel Members CSV', path: '/imports/csv/steel', description: 'Member list from the detailer.', isInternal: true },
    ],
  },
  {
    name: 'Tower A Fit-out',
    license: 'northwind',
    parent: 'Northwind Tower A',
    description: 'Interior fit-out of levels 1 to 20.',
    sites: [{ name: 'Fit-out Store', siteClass: 'warehouse', children: bins('Rack 1', 'Rack 2') }],
    imports: [],
  },
  {
    name: 'Northwind Tower B',
    license: 'northwind',
    description: 'Residential tower with podium car park.',
    environment: 'uat',
    sites: [
      { name: 'Site Office', siteClass: 'site' },
      { name: 'Yard', siteClass: 'area', children: [{ name: 'North Bay', siteClass: 'area' }] },
    ],
    imports: [{ displayName: 'Primavera Schedule', path: '/imports/p6/schedule', description: 'Schedule for Tower B.' }],
  },
  {
    name: 'Northwind Logistics Hub',
    license: 'northwind',
    description: 'Regional consolidation warehouse serving all Northwind sites.',
    sites: [
      {
        name: 'Receiving Dock',
        siteClass: 'area',
        siteTypes: { receivable: true },
        children: [
          { name: 'Dock 1', siteClass: 'area' },
          { name: 'Dock 2', siteClass: 'area' },
        ],
      },
      {
        name: 'High Bay',
        siteClass: 'warehouse',
        children: [{ name: 'Aisle 01', siteClass: 'area', children: bins('Location 01-01', 'Location 01-02', 'Location 01-03') }],
      },
      { name: 'Quarantine', siteClass: 'area', siteTypes: { quarantine: true, locked: true } },
    ],
    imports: [{ displayName: 'SAP Goods Receipts', path: '/imports/sap/goods-receipts', description: 'Goods receipts posted in SAP.' }],
  },
  {
    name: 'Northwind Riverside',
    license: 'northwind',
    description: 'Completed riverside apartments (closed out).',
    active: false,
    sites: [{ name: 'Handover Store', siteClass: 'warehouse' }],
    imports: [],
  },
  {
    name: 'Harbour Bridge Deck',
    license: 'harbour',
    description: 'Deck replacement of the harbour bridge, spans 1 to 6.',
    sites: [
      {
        name: 'Span 1',
        siteClass: 'area',
        children: [
          { name: 'Segment 1A', siteClass: 'area' },
          { name: 'Segment 1B', siteClass: 'area' },
        ],
      },
      { name: 'Precast Yard', siteClass: 'warehouse', children: bins('Stack 1', 'Stack 2') },
    ],
    imports: [{ displayName: 'Precast Register', path: '/imports/csv/precast', description: 'Precast segment register.' }],
  },
  {
    name: 'North Approach',
    license: 'harbour',
    description: 'Northern approach viaduct.',
    sites: [{ name: 'Pier 1', siteClass: 'area' }],
    imports: [],
  },
  {
    name: 'Old Mill Phase 1',
    license: 'oldmill',
    description: 'Structural stabilisation of the heritage mill.',
    sites: [{ name: 'Mill Floor', siteClass: 'site' }],
    imports: [],
  },
  {
    name: 'Demo Sandbox',
    license: 'internal',
    description: 'Sandbox for trying configuration changes.',
    sites: [{ name: 'Sandbox Yard', siteClass: 'area' }],
    imports: [],
  },
];

export interface DemoGroup {
  name: string;
  license: string;
  roles: string[];
  projects: string[];
  addons: number[];
  members: string[];
}

export const GROUPS: DemoGroup[] = [
  {
    name: 'Site Supervisors',
    license: 'northwind',
    roles: ['VIEW_CONSTRUCTION', 'SEQUENTIAL_PROGRESS_UPDATE'],
    projects: ['Northwind Tower A', 'Northwind Tower B'],
    addons: [1, 3],
    members: ['jsmith', 'psingh'],
  },
  {
    name: 'Warehouse Team',
    license: 'northwind',
    roles: ['VIEW_MC_RECEIPTS', 'VIEW_MC_INVENTORY', 'POST_RECEIPT'],
    projects: ['Northwind Logistics Hub'],
    addons: [1, 2],
    members: ['mchen', 'locked.user'],
  },
  {
    name: 'Bridge Engineers',
    license: 'harbour',
    roles: ['VIEW_CONSTRUCTION', 'UPDATE_PROGRESS_ITEM'],
    projects: ['Harbour Bridge Deck'],
    addons: [1, 3],
    members: ['dana.lee@harbourbridge.example'],
  },
  {
    name: 'Mill Heritage Crew',
    license: 'oldmill',
    roles: ['UPDATE_PROGRESS_ITEM'],
    projects: ['Old Mill Phase 1'],
    addons: [3],
    members: ['walter.finch', 'nora.quill'],
  },
];

export const DOCUMENT_TYPES = [
  { property: 'Receipt', label: 'Receipt', prefix: 'RCV-', nextNumber: 1042 },
  { property: 'Shipment', label: 'Shipment', prefix: 'SHP-', nextNumber: 310 },
  { property: 'PickNote', label: 'Pick Note', prefix: 'PCK-', nextNumber: 88 },
  { property: 'Request', label: 'Request', prefix: 'REQ-', nextNumber: 127 },
  { property: 'PurchaseOrder', label: 'Purchase Order', prefix: 'PO-', nextNumber: 560 },
  { property: 'Transfer', label: 'Transfer', prefix: 'TRF-', nextNumber: 15 },
] as const;
