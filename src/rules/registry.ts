/**
 * Every rule plexlint knows, in `plexlint rules` order. A rule is added by
 * writing its module (one file, metadata and check) and listing it here; a test
 * fails when a rule has no docs page, a docs page has no rule, or a finding uses
 * an id that is not listed.
 */
import type { RuleId } from '../core/diagnostic.js';
import type { Rule } from './rule.js';
import { didYouMean, uniqueSuggestion } from '../core/suggest.js';

import { rule as syntax } from './syntax/syntax.js';
import { rule as unknownStatement } from './syntax/unknown-statement.js';
import { rule as unknownOperand } from './syntax/unknown-operand.js';
import { rule as repeatedKeyword } from './syntax/repeated-keyword.js';
import { rule as commentNeedsBlank } from './syntax/comment-needs-blank.js';
import { rule as sequenceNumbers } from './syntax/sequence-numbers.js';
import { rule as invalidAddress } from './syntax/invalid-address.js';
import { rule as invalidMask } from './syntax/invalid-mask.js';
import { rule as invalidPort } from './syntax/invalid-port.js';
import { rule as valueOutOfRange } from './syntax/value-out-of-range.js';
import { rule as misplacedStatement } from './syntax/misplaced-statement.js';
import { rule as unterminatedBlock } from './syntax/unterminated-block.js';

import { rule as unknownFileKind } from './input/unknown-file-kind.js';
import { rule as unreadableFile } from './input/unreadable-file.js';
import { rule as includeNotFound } from './input/include-not-found.js';
import { rule as includeUnixFile } from './input/include-unix-file.js';
import { rule as includeOutsideEstate } from './input/include-outside-estate.js';
import { rule as includeUnreadable } from './input/include-unreadable.js';
import { rule as includeCycle } from './input/include-cycle.js';
import { rule as unlistedProfile } from './input/unlisted-profile.js';
import { rule as iebupdteInvalidStatement } from './input/iebupdte-invalid-statement.js';
import { rule as iebupdteMemberUnknown } from './input/iebupdte-member-unknown.js';
import { rule as ieasymInvalid } from './input/ieasym-invalid.js';
import { rule as strayCopy } from './input/stray-copy.js';

import { rule as manifestUnknownKey } from './manifest/manifest-unknown-key.js';
import { rule as manifestInvalidValue } from './manifest/manifest-invalid-value.js';
import { rule as manifestMissingFile } from './manifest/manifest-missing-file.js';

import { rule as unresolvedSymbol } from './profile/unresolved-symbol.js';
import { rule as obsoleteStatement } from './profile/obsolete-statement.js';
import { rule as notInRelease } from './profile/not-in-release.js';
import { rule as optlocalOutOfRange } from './profile/optlocal-out-of-range.js';
import { rule as conflictingOptions } from './profile/conflicting-options.js';
import { rule as hotstandbyDestipAll } from './profile/hotstandby-destip-all.js';
import { rule as hotstandbyPreferredBackup } from './profile/hotstandby-preferred-backup.js';
import { rule as hotstandbyTooManyBackups } from './profile/hotstandby-too-many-backups.js';
import { rule as hotstandbyOptionWrongMethod } from './profile/hotstandby-option-wrong-method.js';
import { rule as weightIgnored } from './profile/weight-ignored.js';
import { rule as encapTier1Port } from './profile/encap-tier1-port.js';
import { rule as tier1RoutingMethod } from './profile/tier1-routing-method.js';
import { rule as homeLoopback127 } from './profile/home-loopback-127.js';
import { rule as loopbackRedefined } from './profile/loopback-redefined.js';
import { rule as duplicateName } from './profile/duplicate-name.js';
import { rule as dvipaAlreadyDefined } from './profile/dvipa-already-defined.js';
import { rule as dvipaDuplicateDefinition } from './profile/dvipa-duplicate-definition.js';
import { rule as undefinedReference } from './profile/undefined-reference.js';
import { rule as maybeUndefinedReference } from './profile/maybe-undefined-reference.js';
import { rule as vipadistributeUndefinedDvipa } from './profile/vipadistribute-undefined-dvipa.js';
import { rule as homeDuplicateAddress } from './profile/home-duplicate-address.js';
import { rule as vipabackupShortForm } from './profile/vipabackup-short-form.js';

import { rule as destipNotXcf } from './sysplex/destip-not-xcf.js';
import { rule as dynamicxcfMissing } from './sysplex/dynamicxcf-missing.js';
import { rule as sysplexroutingMissing } from './sysplex/sysplexrouting-missing.js';
import { rule as distributorNoBackup } from './sysplex/distributor-no-backup.js';
import { rule as backupSameCpc } from './sysplex/backup-same-cpc.js';
import { rule as dvipaConflictingDefinitions } from './sysplex/dvipa-conflicting-definitions.js';
import { rule as dvipaMultipleOwners } from './sysplex/dvipa-multiple-owners.js';
import { rule as backupDistributionDiffers } from './sysplex/backup-distribution-differs.js';
import { rule as duplicateAddress } from './sysplex/duplicate-address.js';
import { rule as viparangeOverlap } from './sysplex/viparange-overlap.js';
import { rule as tierGroupUnmatched } from './sysplex/tier-group-unmatched.js';
import { rule as controlportMismatch } from './sysplex/controlport-mismatch.js';
import { rule as cpcscopeTargetOtherCpc } from './sysplex/cpcscope-target-other-cpc.js';
import { rule as optlocalZeroWlm } from './sysplex/optlocal-zero-wlm.js';
import { rule as dvipaLimit } from './sysplex/dvipa-limit.js';
import { rule as viparangeLimit } from './sysplex/viparange-limit.js';
import { rule as dvipaRefusedOnOwnerFailure } from './simulation/dvipa-refused-on-owner-failure.js';
import { rule as hotstandbyBackupsSameCpc } from './simulation/hotstandby-backups-same-cpc.js';
import { rule as odrSpraySessionLoss } from './simulation/odr-spray-session-loss.js';
import { rule as singlePointOfFailure } from './simulation/single-point-of-failure.js';

import { rule as dscontrolUnknownCommand } from './load-balancer/dscontrol-unknown-command.js';
import { rule as dscontrolUnknownOption } from './load-balancer/dscontrol-unknown-option.js';
import { rule as dscontrolInvalidValue } from './load-balancer/dscontrol-invalid-value.js';
import { rule as goscriptCrlfLineEnds } from './load-balancer/goscript-crlf-line-ends.js';
import { rule as goscriptUnresolvedAddress } from './load-balancer/goscript-unresolved-address.js';
import { rule as lbMixedProductLines } from './load-balancer/lb-mixed-product-lines.js';
import { rule as lbProductLineKeyword } from './load-balancer/lb-product-line-keyword.js';
import { rule as lbUndefinedObject } from './load-balancer/lb-undefined-object.js';
import { rule as lbExecutorConfigure } from './load-balancer/lb-executor-configure.js';
import { rule as dispatchClusterNotInHome } from './load-balancer/dispatch-cluster-not-in-home.js';
import { rule as dispatchClusterAdvertised } from './load-balancer/dispatch-cluster-advertised.js';
import { rule as natMissingReturnAddress } from './load-balancer/nat-missing-return-address.js';
import { rule as natMissingRouter } from './load-balancer/nat-missing-router.js';
import { rule as natMissingClientGateway } from './load-balancer/nat-missing-client-gateway.js';
import { rule as natReturnAddressConflict } from './load-balancer/nat-return-address-conflict.js';
import { rule as natAffinityAlgorithm } from './load-balancer/nat-affinity-algorithm.js';
import { rule as natTargetClusterOnLoopback } from './load-balancer/nat-target-cluster-on-loopback.js';
import { rule as haStatementsOrder } from './load-balancer/ha-statements-order.js';
import { rule as haPartnerMismatch } from './load-balancer/ha-partner-mismatch.js';
import { rule as haPartnerConfigDiffers } from './load-balancer/ha-partner-config-differs.js';
import { rule as haNoNfaHeartbeat } from './load-balancer/ha-no-nfa-heartbeat.js';
import { rule as haTakeoverWithoutBoth } from './load-balancer/ha-takeover-without-both.js';
import { rule as haNoReplication } from './load-balancer/ha-no-replication.js';
import { rule as ph50064ClusterAliasedOnAdapter } from './load-balancer/ph50064-cluster-aliased-on-adapter.js';
import { rule as goidleWithHa } from './load-balancer/goidle-with-ha.js';
import { rule as haStandbyKeepsClusterAlias } from './load-balancer/ha-standby-keeps-cluster-alias.js';

import { rule as omprouteUnknownStatement } from './routing/omproute-unknown-statement.js';
import { rule as omprouteUnknownParameter } from './routing/omproute-unknown-parameter.js';
import { rule as omprouteInvalidValue } from './routing/omproute-invalid-value.js';
import { rule as omprouteMissingParameter } from './routing/omproute-missing-parameter.js';
import { rule as omprouteIncludeNotRead } from './routing/omproute-include-not-read.js';
import { rule as omprouteNoRoutingInterface } from './routing/omproute-no-routing-interface.js';
import { rule as omprouteUnattached } from './routing/omproute-unattached.js';
import { rule as omprouteDvipaNotCovered } from './routing/omproute-dvipa-not-covered.js';
import { rule as omprouteUndefinedInterface } from './routing/omproute-undefined-interface.js';
import { rule as omprouteRouterId } from './routing/omproute-router-id.js';
import { rule as omprouteOspfLoopback } from './routing/omproute-ospf-loopback.js';
import { rule as omprouteDefinitionMismatch } from './routing/omproute-definition-mismatch.js';
import { rule as omprouteTooManyInterfaces } from './routing/omproute-too-many-interfaces.js';

import { rule as unusedSuppression } from './meta/unused-suppression.js';
import { rule as invalidSuppression } from './meta/invalid-suppression.js';
import { rule as blanketSuppression } from './meta/blanket-suppression.js';
import { rule as xmlEncodingMismatch } from './plugin/xml-encoding-mismatch.js';
import { rule as pluginUnknownElement } from './plugin/plugin-unknown-element.js';
import { rule as pluginUnknownAttribute } from './plugin/plugin-unknown-attribute.js';
import { rule as pluginMisplacedElement } from './plugin/plugin-misplaced-element.js';
import { rule as pluginInvalidValue } from './plugin/plugin-invalid-value.js';
import { rule as pluginMissingRequired } from './plugin/plugin-missing-required.js';
import { rule as pluginWhitespaceInValue } from './plugin/plugin-whitespace-in-value.js';
import { rule as pluginUndefinedReference } from './plugin/plugin-undefined-reference.js';
import { rule as pluginDuplicateName } from './plugin/plugin-duplicate-name.js';
import { rule as pluginDuplicateRoute } from './plugin/plugin-duplicate-route.js';
import { rule as pluginDuplicateCloneId } from './plugin/plugin-duplicate-clone-id.js';
import { rule as pluginPartialCloneIds } from './plugin/plugin-partial-clone-ids.js';
import { rule as pluginWeightOutOfRange } from './plugin/plugin-weight-out-of-range.js';
import { rule as pluginAllWeightsZero } from './plugin/plugin-all-weights-zero.js';
import { rule as pluginHttpsNoKeyring } from './plugin/plugin-https-no-keyring.js';
import { rule as pluginRemoveSpecialHeadersOff } from './plugin/plugin-remove-special-headers-off.js';
import { rule as pluginUnusedCluster } from './plugin/plugin-unused-cluster.js';
import { rule as pluginEmptyVirtualHostGroup } from './plugin/plugin-empty-virtual-host-group.js';
import { rule as pluginUnusedServer } from './plugin/plugin-unused-server.js';
import { rule as pluginStaleMember } from './plugin/plugin-stale-member.js';
import { rule as pluginMissingMember } from './plugin/plugin-missing-member.js';
import { rule as pluginStaleTransport } from './plugin/plugin-stale-transport.js';
import { rule as pluginStaleVirtualHost } from './plugin/plugin-stale-virtual-host.js';

import { rule as missingPerCellGsc } from './odr/missing-per-cell-gsc.js';
import { rule as cellAffinityCookie } from './odr/cell-affinity-cookie.js';
import { rule as cellAffinityDisabled } from './odr/cell-affinity-disabled.js';
import { rule as gscMemberWrongOdr } from './odr/gsc-member-wrong-odr.js';
import { rule as gscMemberZeroWeight } from './odr/gsc-member-zero-weight.js';
import { rule as odrCookieNameShared } from './odr/odr-cookie-name-shared.js';

import { rule as clusterInvalidValue } from './was/cluster-invalid-value.js';
import { rule as wasInvalidValue } from './was/was-invalid-value.js';
import { rule as clusterWeightOutOfRange } from './was/cluster-weight-out-of-range.js';
import { rule as clusterAllWeightsZero } from './was/cluster-all-weights-zero.js';
import { rule as preferLocalNoLocalMember } from './was/prefer-local-no-local-member.js';
import { rule as clusterDefinedTwice } from './was/cluster-defined-twice.js';

import { rule as captureMalformed } from './drift/capture-malformed.js';
import { rule as captureNotAReport } from './drift/capture-not-a-report.js';
import { rule as captureUnattached } from './drift/capture-unattached.js';
import { rule as driftDvipaUnconfigured } from './drift/drift-dvipa-unconfigured.js';
import { rule as driftDistributionMissing } from './drift/drift-distribution-missing.js';
import { rule as driftDistributionUnconfigured } from './drift/drift-distribution-unconfigured.js';
import { rule as driftTargetNotInDestip } from './drift/drift-target-not-in-destip.js';
import { rule as driftTargetNotReady } from './drift/drift-target-not-ready.js';
import { rule as driftHomeDiffers } from './drift/drift-home-differs.js';
import { rule as driftLbWeightZero } from './drift/drift-lb-weight-zero.js';

export const rules = [
  syntax,
  unknownStatement,
  unknownOperand,
  repeatedKeyword,
  commentNeedsBlank,
  sequenceNumbers,
  invalidAddress,
  invalidMask,
  invalidPort,
  valueOutOfRange,
  misplacedStatement,
  unterminatedBlock,
  unknownFileKind,
  unreadableFile,
  includeNotFound,
  includeUnixFile,
  includeOutsideEstate,
  includeUnreadable,
  includeCycle,
  unlistedProfile,
  iebupdteInvalidStatement,
  iebupdteMemberUnknown,
  ieasymInvalid,
  strayCopy,
  manifestUnknownKey,
  manifestInvalidValue,
  manifestMissingFile,
  unresolvedSymbol,
  obsoleteStatement,
  notInRelease,
  optlocalOutOfRange,
  conflictingOptions,
  hotstandbyDestipAll,
  hotstandbyPreferredBackup,
  hotstandbyTooManyBackups,
  hotstandbyOptionWrongMethod,
  weightIgnored,
  encapTier1Port,
  tier1RoutingMethod,
  homeLoopback127,
  loopbackRedefined,
  duplicateName,
  dvipaAlreadyDefined,
  dvipaDuplicateDefinition,
  undefinedReference,
  maybeUndefinedReference,
  vipadistributeUndefinedDvipa,
  homeDuplicateAddress,
  vipabackupShortForm,
  destipNotXcf,
  dynamicxcfMissing,
  sysplexroutingMissing,
  distributorNoBackup,
  backupSameCpc,
  dvipaConflictingDefinitions,
  dvipaMultipleOwners,
  backupDistributionDiffers,
  duplicateAddress,
  viparangeOverlap,
  tierGroupUnmatched,
  controlportMismatch,
  cpcscopeTargetOtherCpc,
  optlocalZeroWlm,
  dvipaLimit,
  viparangeLimit,
  dvipaRefusedOnOwnerFailure,
  hotstandbyBackupsSameCpc,
  odrSpraySessionLoss,
  singlePointOfFailure,
  dscontrolUnknownCommand,
  dscontrolUnknownOption,
  dscontrolInvalidValue,
  goscriptCrlfLineEnds,
  goscriptUnresolvedAddress,
  lbMixedProductLines,
  lbProductLineKeyword,
  lbUndefinedObject,
  lbExecutorConfigure,
  dispatchClusterNotInHome,
  dispatchClusterAdvertised,
  natMissingReturnAddress,
  natMissingRouter,
  natMissingClientGateway,
  natReturnAddressConflict,
  natAffinityAlgorithm,
  natTargetClusterOnLoopback,
  haStatementsOrder,
  haPartnerMismatch,
  haPartnerConfigDiffers,
  haNoNfaHeartbeat,
  haTakeoverWithoutBoth,
  haNoReplication,
  ph50064ClusterAliasedOnAdapter,
  goidleWithHa,
  haStandbyKeepsClusterAlias,
  omprouteUnknownStatement,
  omprouteUnknownParameter,
  omprouteInvalidValue,
  omprouteMissingParameter,
  omprouteIncludeNotRead,
  omprouteNoRoutingInterface,
  omprouteUnattached,
  omprouteDvipaNotCovered,
  omprouteUndefinedInterface,
  omprouteRouterId,
  omprouteOspfLoopback,
  omprouteDefinitionMismatch,
  omprouteTooManyInterfaces,
  unusedSuppression,
  invalidSuppression,
  blanketSuppression,
  xmlEncodingMismatch,
  pluginUnknownElement,
  pluginUnknownAttribute,
  pluginMisplacedElement,
  pluginInvalidValue,
  pluginMissingRequired,
  pluginWhitespaceInValue,
  pluginUndefinedReference,
  pluginDuplicateName,
  pluginDuplicateRoute,
  pluginDuplicateCloneId,
  pluginPartialCloneIds,
  pluginWeightOutOfRange,
  pluginAllWeightsZero,
  pluginHttpsNoKeyring,
  pluginRemoveSpecialHeadersOff,
  pluginUnusedCluster,
  pluginEmptyVirtualHostGroup,
  pluginUnusedServer,
  pluginStaleMember,
  pluginMissingMember,
  pluginStaleTransport,
  pluginStaleVirtualHost,
  missingPerCellGsc,
  cellAffinityCookie,
  cellAffinityDisabled,
  gscMemberWrongOdr,
  gscMemberZeroWeight,
  odrCookieNameShared,
  clusterInvalidValue,
  wasInvalidValue,
  clusterWeightOutOfRange,
  clusterAllWeightsZero,
  preferLocalNoLocalMember,
  clusterDefinedTwice,
  captureMalformed,
  captureNotAReport,
  captureUnattached,
  driftDvipaUnconfigured,
  driftDistributionMissing,
  driftDistributionUnconfigured,
  driftTargetNotInDestip,
  driftTargetNotReady,
  driftHomeDiffers,
  driftLbWeightZero,
] as const satisfies readonly Rule[];

/** The union of every listed rule's id. */
type ListedRuleId = (typeof rules)[number]['meta']['id'];

declare module '../core/diagnostic.js' {
  // The registry is where rule ids are listed; this makes `RuleId` (core/diagnostic.ts) that list.
  interface RegisteredRuleIds extends Record<ListedRuleId, true> {}
}

const byId = new Map<string, Rule>(rules.map((r) => [r.meta.id, r]));

export function findRule(id: string): Rule | undefined {
  return byId.get(id);
}

/**
 * The rule an unknown id means, for a did-you-mean: the id in lower case (rule ids are, and `plexlint explain` takes
 * any case), else the one rule it is a typo of.
 */
export function meantRuleId(id: string): string | undefined {
  const lower = id.toLowerCase();
  if (lower !== id && byId.has(lower)) return lower;
  return uniqueSuggestion(id, [...byId.keys()], false);
}

/** " Did you mean <id>?" for an unknown rule id (by meantRuleId's reading, ties included), or ''. */
export function ruleDidYouMean(id: string): string {
  const lower = id.toLowerCase();
  if (lower !== id && byId.has(lower)) return ` Did you mean ${lower}?`;
  return didYouMean(id, [...byId.keys()], false);
}

/** Whether a string read from outside (a configuration file, a baseline) names a listed rule. */
export function isRuleId(id: string): id is RuleId {
  return byId.has(id);
}
