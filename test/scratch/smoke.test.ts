import { it } from "vitest";
import { parseOmproute } from '../../src/frontends/omproute/index.js';
import { sourceFromText } from '../../src/sources/source-file.js';
import { OmprouteParser } from '../../grammar/omproute/parser.js';
it("x", () => { new OmprouteParser(true);
const text = `;**********************************
; OSPF Configuration Statements *
;**********************************
OSPF
RouterID=4.4.4.4;
Area
Area_Number = 0.0.0.0;
Area
Area_Number = 1.1.1.1;
OSPF_Interface
IP_Address=9.67.108.4
Name = CTC4TO2
Subnet_Mask=255.255.255.0
Attaches_To_Area=0.0.0.0
MTU = 1024
Cost0 = 1;
OSPF_Interface
IP_Address=4.4.4.4
Name = VIPA1A
Subnet_Mask=255.255.255.252
Attaches_To_Area=1.1.1.1
Cost0 = 1;
Virtual_Link
Virtual_Endpoint_RouterID=7.7.7.7
Links_Transit_Area=1.1.1.1;
IPv6_Accept_RIP_Route
IP_Address=2001:0DB8:0:A1C::1;
IPv6_RIP_Filter=(noreceive,2001:0DB8:0:A1C::/64);
IPv6_RIP_Interface
Name = OSAQDIO46;
IPv6_Default_Route
Name=OSAQDIO46
Next_Hop=FE80::1:2:3:4;
OSPF_Interfce IP_Address=1.2.3.4 Name=X Subnet_Mask=255.255.255.0;
OSPF_Interface IP_Address=1.2.3.4 Nme=X Subnet_Mask=255.255.0.255 Cost0=0 ; comment
   Name=foo;
RIP_Interface IP_Address=1.2.3.&X. Name=Y Subnet_Mask=255.255.255.0
Interface IP_Address=1.2.3.* Name=Z Subnet_Mask=255.255.255.0;
Global_Options Ignore_Undefined_Interfaces=YES;
RouterID
`;
const r = parseOmproute(sourceFromText('x.conf', text));
for (const f of r.findings) console.log(f.loc.line + ':' + f.loc.column, f.ruleId, f.severity ?? '', f.message);
console.log(r.ast.statements.map((s) => `${s.name}${s.rejected ? ' [' + s.rejected + ']' : ''} ${s.params.map((p) => p.name + '=' + (p.value?.text ?? '?')).join(' ')}`).join('\n'));
});
