/**
 * The element and attribute set of plugin-cfg.xml, with types and defaults.
 * Facts: IBM "plugin-cfg.xml file", the HTTP plug-in cluster properties page, the
 * OpenLiberty generator.
 *
 * Names are case-sensitive, as in the plug-in. Each element is described in the
 * context it appears in (a `Property` inside a `Transport` is not the top-level
 * `Property`, a `Server` inside `PrimaryServers` is a reference).
 */
import { emptyRecord, nameTable } from '../../core/record.js';

export type ValueType =
  | { kind: 'string' }
  | { kind: 'boolean' }
  | { kind: 'int'; min?: number; max?: number }
  | { kind: 'enum'; values: readonly string[] };

/** What the value is, for the whitespace check: a name, a path, a host name or a token that takes no blanks. */
export type ValueShape = 'name' | 'path' | 'host' | 'token' | 'free';

export interface AttrSpec {
  type: ValueType;
  default?: string | number | boolean;
  /** The element is useless without it (documented as required, or every generator writes it). */
  required?: 'documented' | 'generated';
  shape?: ValueShape;
  /** Not in IBM's tables: seen in generated files or named on IBM's custom-property page. */
  note?: string;
}

export interface ChildSpec {
  /** Key of the child's ElementSpec. */
  spec: string;
  /** At most this many (undefined: any number). */
  max?: number;
  /** At least this many for the parent to be useful. */
  min?: number;
}

export interface ElementSpec {
  attrs: Readonly<Record<string, AttrSpec>>;
  children: Readonly<Record<string, ChildSpec>>;
  /**
   * Attributes outside `attrs` may be legitimate (the Config element carries
   * the web server's plug-in custom properties as attributes): an unknown one
   * without a close known name is reported as information only.
   */
  open?: boolean;
}

const bool = (d: boolean): AttrSpec => ({ type: { kind: 'boolean' }, default: d });
const int = (d: number | undefined, min?: number, max?: number): AttrSpec => {
  const type: ValueType = { kind: 'int', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
  return d === undefined ? { type } : { type, default: d };
};
const str = (shape: ValueShape = 'free', d?: string): AttrSpec => (d === undefined ? { type: { kind: 'string' }, shape } : { type: { kind: 'string' }, shape, default: d });
const name = (required?: AttrSpec['required']): AttrSpec => (required ? { type: { kind: 'string' }, shape: 'name', required } : { type: { kind: 'string' }, shape: 'name' });

export const LOAD_BALANCE = ['Round Robin', 'Random'] as const;
export const LOG_LEVELS = ['Error', 'Warn', 'Stats', 'Trace', 'Debug', 'Detail'] as const;
export const PROTOCOLS = ['http', 'https'] as const;
export const TRANSPORT_PROPERTIES = ['keyring', 'stashfile', 'certLabel'] as const;

/** Server attributes (also accepted on ClusterAddress, which names a load balancer like a Server). */
const SERVER_ATTRS: Record<string, AttrSpec> = {
  Name: name('documented'),
  CloneID: str('token'),
  LoadBalanceWeight: int(2, 0),
  ConnectTimeout: int(0),
  ServerIOTimeout: int(0),
  MaxConnections: int(-1, -1),
  WaitForContinue: bool(false),
  ExtendedHandshake: bool(false),
  wsServerIOTimeout: int(undefined),
  wsServerIdleTimeout: int(undefined),
};

export const SPECS: Readonly<Record<string, ElementSpec>> = nameTable({
  Config: {
    attrs: {
      IgnoreDNSFailures: bool(false),
      RefreshInterval: int(60, 0),
      ASDisableNagle: bool(false),
      IISDisableNagle: bool(false),
      AppServerPortPreference: { type: { kind: 'enum', values: ['HostHeader', 'WebserverPort'] }, default: 'HostHeader' },
      ResponseChunkSize: int(64, 1),
      AcceptAllContent: bool(false),
      ChunkedResponse: bool(false),
      IISPluginPriority: str('token', 'High'),
      VHostMatchingCompat: bool(false),
      FIPSEnable: bool(false),
      SSLConsolidatedConfig: bool(false),
      TrustedProxyEnable: bool(false),
      // Plug-in custom properties the console writes onto Config (rwsv_plugin_customprop); not in IBM's tables.
      CertLabel: { ...str('name'), note: 'custom property' },
      HTTPMaxHeaders: { ...int(undefined, 1), note: 'custom property' },
      KillWebServerStartUpOnParseErr: { ...bool(false), note: 'custom property' },
      MarkBusyDown: { ...bool(false), note: 'custom property' },
      SSLPKCSDriver: { ...str('path'), note: 'custom property' },
      SSLPKCSPassword: { ...str(), note: 'custom property' },
      StrictSecurity: { ...bool(false), note: 'custom property' },
      UseInsecure: { ...bool(false), note: 'custom property' },
      OS400ConvertQueryStringToJobCCSID: { ...bool(false), note: 'custom property' },
    },
    children: {
      Log: { spec: 'Log', max: 1 },
      Property: { spec: 'Property' },
      VirtualHostGroup: { spec: 'VirtualHostGroup' },
      TrustedProxyGroup: { spec: 'TrustedProxyGroup', max: 1 },
      ServerCluster: { spec: 'ServerCluster' },
      UriGroup: { spec: 'UriGroup' },
      Route: { spec: 'Route' },
      RequestMetrics: { spec: 'RequestMetrics', max: 1 },
    },
    open: true,
  },
  Log: {
    attrs: {
      Name: { type: { kind: 'string' }, shape: 'path', required: 'documented' },
      LogLevel: { type: { kind: 'enum', values: LOG_LEVELS }, default: 'Error' },
    },
    children: emptyRecord(),
  },
  Property: { attrs: { Name: name('documented'), Value: str('free', '') }, children: emptyRecord() },
  VirtualHostGroup: { attrs: { Name: name('documented') }, children: { VirtualHost: { spec: 'VirtualHost', min: 1 } } },
  VirtualHost: { attrs: { Name: { type: { kind: 'string' }, shape: 'token', required: 'documented' } }, children: emptyRecord() },
  TrustedProxyGroup: { attrs: emptyRecord(), children: { TrustedProxy: { spec: 'TrustedProxy' } } },
  TrustedProxy: { attrs: { Name: { type: { kind: 'string' }, shape: 'host', required: 'documented' } }, children: emptyRecord() },
  ServerCluster: {
    attrs: {
      Name: name('documented'),
      LoadBalance: { type: { kind: 'enum', values: LOAD_BALANCE }, default: 'Round Robin' },
      RetryInterval: int(60, 0),
      RemoveSpecialHeaders: bool(true),
      CloneSeparatorChange: bool(false),
      PostSizeLimit: int(-1, -1),
      PostBufferSize: int(64, 0),
      IgnoreAffinityRequests: bool(true),
      GetDWLMTable: bool(false),
      ServerIOTimeoutRetry: int(-1, -1),
    },
    children: {
      Server: { spec: 'Server', min: 1 },
      ClusterAddress: { spec: 'ClusterAddress', max: 1 },
      PrimaryServers: { spec: 'ServerList', max: 1 },
      BackupServers: { spec: 'ServerList', max: 1 },
    },
  },
  // The reference documents what ClusterAddress is for, not its attributes: accept a Server's, require nothing.
  ClusterAddress: { attrs: { ...SERVER_ATTRS, Name: name() }, children: { Transport: { spec: 'Transport' } } },
  Server: { attrs: SERVER_ATTRS, children: { Transport: { spec: 'Transport', min: 1 } } },
  Transport: {
    attrs: {
      Hostname: { type: { kind: 'string' }, shape: 'host', required: 'documented' },
      Port: { type: { kind: 'int', min: 1, max: 65535 }, required: 'documented' },
      Protocol: { type: { kind: 'enum', values: PROTOCOLS }, required: 'generated', default: 'http' },
    },
    children: { Property: { spec: 'TransportProperty' } },
  },
  TransportProperty: { attrs: { Name: name('documented'), Value: { type: { kind: 'string' }, shape: 'path', default: '' } }, children: emptyRecord() },
  ServerList: { attrs: emptyRecord(), children: { Server: { spec: 'ServerRef', min: 1 } } },
  ServerRef: { attrs: { Name: name('documented') }, children: emptyRecord() },
  UriGroup: { attrs: { Name: name('documented') }, children: { Uri: { spec: 'Uri' } } },
  Uri: {
    attrs: {
      Name: { type: { kind: 'string' }, shape: 'token', required: 'documented' },
      AffinityCookie: { ...str('token', 'JSESSIONID') },
      AffinityURLIdentifier: { ...str('token', 'jsessionid') },
    },
    children: emptyRecord(),
  },
  Route: {
    attrs: {
      ServerCluster: name('documented'),
      UriGroup: name('generated'),
      VirtualHostGroup: name('generated'),
    },
    children: emptyRecord(),
  },
  RequestMetrics: {
    attrs: { armEnabled: bool(false), newBehavior: bool(false), rmEnabled: bool(false), traceLevel: str('token') },
    children: { filters: { spec: 'filters' } },
  },
  filters: {
    attrs: { enable: bool(false), type: { type: { kind: 'enum', values: ['URI', 'SOURCE_IP'] } } },
    children: { filterValues: { spec: 'filterValues' } },
  },
  filterValues: { attrs: { enable: bool(false), value: str() }, children: emptyRecord() },
});

/** Every element name the plug-in knows, for did-you-mean. */
export const ELEMENT_NAMES: readonly string[] = [
  ...new Set(['Config', ...Object.values(SPECS).flatMap((s) => Object.keys(s.children))]),
];

/** For an element in the wrong place: the element(s) it belongs in. */
export function parentsOf(element: string): string[] {
  const out: string[] = [];
  for (const [key, spec] of Object.entries(SPECS)) {
    if (Object.prototype.hasOwnProperty.call(spec.children, element)) {
      out.push(key === 'ServerList' ? 'PrimaryServers or BackupServers' : key);
    }
  }
  return [...new Set(out)];
}

export function spec(key: string): ElementSpec {
  return SPECS[key]!;
}

export function childSpec(parent: ElementSpec, name: string): ChildSpec | undefined {
  return Object.prototype.hasOwnProperty.call(parent.children, name) ? parent.children[name] : undefined;
}

export function attrSpec(el: ElementSpec, name: string): AttrSpec | undefined {
  return Object.prototype.hasOwnProperty.call(el.attrs, name) ? el.attrs[name] : undefined;
}
