/**
 * The Australian Consumer Law's words on the store's pages (issue 18 §4, DESIGN §7, decision 0037): the return
 * policy, the FAQ's refund answers and the warranty against defects (/warranty) all carry them.
 */

/**
 * The text regulation 90(2) of the Competition and Consumer Regulations 2010 prescribes, word for word, for a
 * warranty against defects on goods. Shown as is: do not edit it.
 */
export const CONSUMER_GUARANTEE_TEXT =
  'Our goods come with guarantees that cannot be excluded under the Australian Consumer Law. You are entitled to a replacement or refund for a major failure and compensation for any other reasonably foreseeable loss or damage. You are also entitled to have the goods repaired or replaced if the goods fail to be of acceptable quality and the failure does not amount to a major failure.';

/** That the return policy does not limit the consumer guarantees (its own and the FAQ's refund answers). */
export const GUARANTEES_NOT_LIMITED =
  'Nothing in our return policy limits your rights under the consumer guarantees of the Australian Consumer Law.';

/** That a faulty item is covered for a reasonable time whatever a return or reporting window says. */
export const FAULTY_GOODS_COVERED =
  'A faulty item is covered for a reasonable time after you buy it, whatever the return or reporting window says: for a major failure you can choose a refund or a replacement, and for any other failure we will repair or replace the item within a reasonable time.';

/** Where the warranty against defects is published. */
export const WARRANTY_PATH = '/warranty';
