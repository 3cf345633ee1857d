/** PTX generation from normalized layouts, the realization data of coalesced standard-form morphisms (paper §2.3, §4). */
package org.layoutcat.gpu.ptx;
