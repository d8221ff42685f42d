import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/cluster-invalid-value.md. */
export const rule = defineRule({
  meta: {
    id: 'cluster-invalid-value',
    severity: 'error',
    category: 'was',
    description: 'cluster.xml values plexlint cannot read as WAS would: no ServerCluster, a weight that is not a number, preferLocal that is not true/false, a member without memberName or nodeName',
    source: 'WAS configuration documents: ServerCluster and ClusterMember',
    consequences: [
      {
        reading: "IBM documents the types of the cluster.xml attributes but not what WAS does with another value; plexlint assumes the default where there is one.",
      },
    ],
    emittedBy: 'front end',
  },
});
