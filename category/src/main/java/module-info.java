/**
 * The categories Tuple and Nest of "Categorical Foundations for CuTe Layouts": tuple and nested morphisms, the
 * standard representation, tractability, refinements, pullback and pushforward, the realization functor, and the
 * layout algebra computed by them.
 */
module org.layoutcat.category {
    requires transitive org.layoutcat.core;
    exports org.layoutcat.category;
    exports org.layoutcat.category.compose;
    exports org.layoutcat.category.functor;
    exports org.layoutcat.category.refine;
}
