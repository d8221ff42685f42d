import { defineRule } from '../rule.js';

/** Reported by the OMPROUTE front end; docs/rules/omproute-missing-parameter.md. */
export const rule = defineRule({
  meta: {
    id: 'omproute-missing-parameter',
    severity: 'error',
    category: 'routing',
    description: 'An OMPROUTE interface statement without a parameter IBM requires (IP_Address, Name, Subnet_Mask)',
    source: 'IBM IP Configuration Guide, "IPv4 considerations for OMPROUTE" (Name is required); IP Configuration Reference, OSPF_INTERFACE syntax diagram',
    consequences: [
      {
        id: 'required',
        reading: "IBM says the Name parameter is required and must be unique (IP Configuration Guide, IPv4 considerations for OMPROUTE) but not what OMPROUTE does without it; plexlint assumes OMPROUTE rejects the statement as a configuration error and ends (EZZ7830I).",
      },
      {
        id: 'inferred',
        reading: "IBM's syntax diagrams show the parameter on the main line (Subnet_Mask), or the statement names no interface without it (the IPv6 statements); IBM does not say in words that it is required, and plexlint assumes OMPROUTE needs it.",
      },
    ],
    emittedBy: 'front end',
  },
});
